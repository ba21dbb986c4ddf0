import { localMonth, type Period } from '@lightwell/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildD4iElements, buildTestApp, describeApi, networkTeam, type TestApp } from '../../test/helpers.ts';
import { buildGateway } from '../../test/mqtt/fake-gateway.ts';
import { devices, networks, telemetryDaily, telemetryMonthly, telemetryMonthMarks } from '../db/schema.ts';
import { loadPeriodHours } from '../services/energy/energy-periods.ts';
import { energySettingsOf } from '../services/energy/energy-views.ts';
import { loadVersions } from '../services/energy/tariffs.ts';
import { rollupMonths, storeReports } from './index.ts';

const ZONE = 'Europe/London';
const HOUR = 3600;
/** 26 November 2026, 12:00 UTC: September and October have ended, November has not. */
const NOW = new Date(Date.UTC(2026, 10, 26, 12));

/** A London network with a 100 W D4i lamp behind a gateway, readings stored as the MQTT link stores them. */
async function lampNetwork(t: TestApp) {
  const { network } = await networkTeam(t);
  await t.db.update(networks).set({ timeZone: ZONE }).where(eq(networks.id, network.id));
  const { gateway, sn } = await buildGateway(t.db, network.id);
  const [lamp] = await t.db
    .insert(devices)
    .values({
      nid: network.id,
      gatewayId: gateway.id,
      kind: 'luminaire',
      name: 'Lamp',
      model: 'LW-D4I',
      mac: 'CC0000000001',
      address: 1,
      ratedPower: 100,
    })
    .returning();
  await buildD4iElements(t.db, [lamp!.id]);
  const reporting = { id: gateway.id, nid: network.id, sn };
  /** Stores readings of the lamp's counter (Wh) at each `at` with the report numbers given. */
  const store = (rows: { seq: number; at: number; wh: number }[], now: Date) =>
    storeReports(
      t.db,
      [
        {
          gateway: reporting,
          reports: rows.map((row) => ({
            kind: 'readings' as const,
            seq: row.seq,
            at: row.at,
            devices: [
              {
                mac: 'CC0000000001',
                elements: [{ index: 0, energy: { raw: row.wh, scale: 0, serial: 'D-1', source: 'd4i' as const } }],
              },
            ],
          })),
        },
      ],
      now,
    );
  /** The network's period as the console reads it, by the day or (where summed) by the month. */
  const read = async (period: Period, byMonth: boolean) => {
    const [row] = await t.db.select().from(networks).where(eq(networks.id, network.id));
    const settings = energySettingsOf(row!, (await loadVersions(t.db, [row!])).get(row!.id) ?? [], period.end - 1);
    const { hours } = await loadPeriodHours(t.db, row!, period, settings, true, byMonth);
    return { rows: hours.length, wh: Math.round(hours.reduce((sum, h) => sum + h.wh, 0) * 1000) / 1000 };
  };
  const months = () =>
    t.db
      .select({ month: telemetryMonthly.month, energyWh: telemetryMonthly.energyWh, stale: telemetryMonthly.stale })
      .from(telemetryMonthly)
      .where(eq(telemetryMonthly.deviceId, lamp!.id))
      .orderBy(telemetryMonthly.month);
  const mark = async () =>
    (await t.db.select().from(telemetryMonthMarks).where(eq(telemetryMonthMarks.nid, network.id)))[0]?.builtUntil;
  return { network, lamp: lamp!, store, read, months, mark };
}

describeApi('monthly rollups of closed months', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sums each ended month an hour after its end; a late reading makes its month stale until summed again; reads agree by day and by month', async () => {
    const w = await lampNetwork(t);
    // A reading every 6 hours from 1 September to 25 November (London), 5 Wh each; number 159 (10 October)
    // is held back and arrives late.
    const start = Date.UTC(2026, 8, 1, 6) / 1000;
    const stream: { seq: number; at: number; wh: number }[] = [];
    for (let step = 0; start + step * 6 * HOUR < Date.UTC(2026, 10, 25) / 1000; step += 1) {
      stream.push({ seq: step + 1, at: start + step * 6 * HOUR, wh: 1000 + 5 * step });
    }
    const late = stream.find((row) => row.seq === 159)!;
    expect(new Date(late.at * 1000).toISOString().slice(0, 10)).toBe('2026-10-10');
    const onTime = stream.filter((row) => row !== late);
    for (let from = 0; from < onTime.length; from += 50) await w.store(onTime.slice(from, from + 50), NOW);

    // September 1 to November 1, local: two whole months.
    const period = { start: localMonth(2026, 9, ZONE).start, end: localMonth(2026, 10, ZONE).end };
    const byDay = await w.read(period, false);
    expect(byDay.rows).toBe(61);
    // Nothing summed yet: the months are read by the day (their rows are stale, written after they ended).
    expect((await w.months()).every((row) => row.stale)).toBe(true);
    expect(await w.read(period, true)).toEqual(byDay);

    // Half an hour after November ends nothing more is summed; September and October are.
    expect(await rollupMonths(t.db, NOW)).toMatch(/^2 network months summed/);
    expect(await w.mark()).toBe('2026-11-01');
    const summed = await w.months();
    expect(summed.map((row) => [row.month, row.stale])).toEqual([
      ['2026-09-01', false],
      ['2026-10-01', false],
    ]);
    const days = async (from: string, to: string) =>
      (
        await t.db
          .select({ wh: sql<string>`sum(${telemetryDaily.energyWh})` })
          .from(telemetryDaily)
          .where(
            and(
              eq(telemetryDaily.deviceId, w.lamp.id),
              sql`${telemetryDaily.day} >= ${from} AND ${telemetryDaily.day} < ${to}`,
            ),
          )
      )[0]!.wh;
    expect(Number(summed[0]!.energyWh)).toBe(Number(await days('2026-09-01', '2026-10-01')));
    expect(Number(summed[1]!.energyWh)).toBe(Number(await days('2026-10-01', '2026-11-01')));
    // One row per month now, the same energy.
    expect(await w.read(period, true)).toEqual({ rows: 2, wh: byDay.wh });
    // A read by the day past the summed months counts each day once.
    const toNovember20 = { start: period.start, end: Date.UTC(2026, 10, 20) / 1000 };
    expect((await w.read(toNovember20, false)).wh).toBe(Number(await days('2026-09-01', '2026-11-20')));
    expect((await w.read(toNovember20, true)).wh).toBe(Number(await days('2026-09-01', '2026-11-20')));

    // The late reading re-bases the delta after it: October is stale and read by the day until summed again.
    await w.store([late], NOW);
    expect((await w.months()).map((row) => row.stale)).toEqual([false, true]);
    const afterLate = await w.read(period, false);
    expect(afterLate.wh).toBe(byDay.wh);
    expect(await w.read(period, true)).toEqual({ rows: 1 + 31, wh: afterLate.wh });
    expect(await rollupMonths(t.db, new Date(NOW.getTime() + HOUR * 1000))).toBe(
      '0 network months summed, 1 stale device months summed again, 1 network months of heat-map cells summed',
    );
    expect((await w.months()).map((row) => row.stale)).toEqual([false, false]);
    expect(await w.read(period, true)).toEqual({ rows: 2, wh: afterLate.wh });

    // November (London = UTC in winter) ends at midnight; it is summed an hour later, not before.
    await rollupMonths(t.db, new Date(Date.UTC(2026, 11, 1, 0, 30)));
    expect(await w.mark()).toBe('2026-11-01');
    await rollupMonths(t.db, new Date(Date.UTC(2026, 11, 1, 1, 0)));
    expect(await w.mark()).toBe('2026-12-01');
    expect((await w.months()).map((row) => row.month)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
  });

  it('a tariff that changes price within a month keeps that period read by the day', async () => {
    const w = await lampNetwork(t);
    const start = Date.UTC(2026, 8, 1, 6) / 1000;
    const stream = Array.from({ length: 300 }, (_, step) => ({
      seq: step + 1,
      at: start + step * 6 * HOUR,
      wh: 1000 + 5 * step,
    }));
    await w.store(stream, NOW);
    await rollupMonths(t.db, NOW);
    const period = { start: localMonth(2026, 9, ZONE).start, end: localMonth(2026, 10, ZONE).end };
    expect((await w.read(period, true)).rows).toBe(2);
    await t.db.execute(
      sql`INSERT INTO tariff_versions (nid, valid_from, price_per_kwh, currency)
          VALUES (${w.network.id}, '2026-01-01', 25, 'EUR'), (${w.network.id}, '2026-09-15', 30, 'EUR')`,
    );
    const byDay = await w.read(period, false);
    expect(await w.read(period, true)).toEqual(byDay);
    expect(byDay.rows).toBe(61);
  });
});
