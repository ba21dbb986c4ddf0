import { Code, type ScheduleReport } from '@lightwell/domain';
import type { SimGateway } from '@lightwell/simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devices, emergencyFaults } from '../src/db/schema.ts';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from './helpers.ts';
import { waitFor } from './mqtt/fake-gateway.ts';
import { simulatedGateway } from './support/simulated-gateway.ts';

const FITTINGS = ['ED0000000001', 'ED0000000002', 'ED0000000003'];

/** The twelve months before now whose function test day (the 7th, 10:00 UTC) has passed: [year, month 0-11]. */
function testedMonths(now: Date): [number, number][] {
  const months: [number, number][] = [];
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  if (Date.UTC(year, month, 7, 10, 10) > now.getTime()) month -= 1;
  while (months.length < 12) {
    const first = new Date(Date.UTC(year, month, 1));
    months.unshift([first.getUTCFullYear(), first.getUTCMonth()]);
    month -= 1;
    if (month < 0) {
      month += 12;
      year -= 1;
    }
  }
  return months;
}

describeApi('a simulated gateway’s year of emergency self-tests', () => {
  let t: TestApp;
  let gateway: SimGateway | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('reaches the inspector’s report: every fitting graded every month for twelve months, and one duration test each', async () => {
    const { owner, network } = await networkTeam(t);
    await t.db.execute(sql`UPDATE networks SET time_zone = 'Europe/Berlin' WHERE id = ${network.id}`);
    const sim = await simulatedGateway(t, network.id, {
      devices: [
        { mac: FITTINGS[0]!, address: 2, kind: 'emergencyOne', model: 'M-EM1' },
        { mac: FITTINGS[1]!, address: 3, kind: 'emergencyOne', model: 'M-EM1' },
        { mac: FITTINGS[2]!, address: 4, kind: 'emergencyTwo', model: 'M-EM2', emergency: { ratedMinutes: 60 } },
        { mac: 'ED0000000010', address: 5, kind: 'dt6', model: 'M-DT6' },
      ],
    });
    const row = sim.row;
    gateway = sim.gateway;
    gateway.start();
    await gateway.whenConnected();
    await waitFor(
      async () => (await t.db.select().from(devices).where(eq(devices.gatewayId, row.id))).length === 4 || null,
      10_000,
      'the inventory',
    );

    const now = new Date();
    const reports = gateway.fillEmergencyHistory(12, now.getTime());
    // Twelve function tests and one duration test for each of the three fittings.
    expect(reports).toBe(3 * 13);
    await waitFor(() => !gateway!.historyPending || null, 30_000, 'the history stored');

    const years = [...new Set(testedMonths(now).map(([year]) => year))];
    const byYear = new Map<number, ScheduleReport>();
    for (const year of years) {
      const reply = await call(t.app, 'emergencyScheduleReport', { nid: network.id, year }, owner.session);
      expect(reply.body.code).toBe(Code.ok);
      byYear.set(year, reply.body.data as ScheduleReport);
    }
    for (const [year, month] of testedMonths(now)) {
      const report = byYear.get(year)!;
      expect(report.rows).toHaveLength(3);
      for (const fitting of report.rows) {
        expect([fitting.fittingName, year, month, fitting.monthly[month]!.grade]).toEqual([
          fitting.fittingName,
          year,
          month,
          'passed',
        ]);
      }
    }
    const yearly = [...byYear.values()].flatMap((report) => report.rows.map((r) => r.yearly.grade));
    expect(yearly.filter((grade) => grade === 'passed')).toHaveLength(3);

    // The export of the last twelve months lists all 39 results; nothing failed, so no fault was opened.
    const from = Math.floor(now.getTime() / 1000) - 366 * 86_400;
    const exported = await call(
      t.app,
      'emergencyRecordExport',
      { nid: network.id, from, to: Math.floor(now.getTime() / 1000), format: 'csv' },
      owner.session,
    );
    expect(exported.body.code).toBe(Code.ok);
    const csv = Buffer.from((exported.body.data as { base64: string }).base64, 'base64').toString('utf8');
    const lines = csv.trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(39);
    expect(lines.filter((line) => line.includes("Fitting's own timer"))).toHaveLength(39);
    expect(await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.nid, network.id))).toEqual([]);
    // The fittings are up to date: none overdue.
    const summary = await call(t.app, 'emergencyOverdueSummary', { nid: network.id }, owner.session);
    expect(summary.body.data).toMatchObject({ totals: { fittings: 3, overdue: 0, failed: 0, openFaults: 0 } });
  });
});
