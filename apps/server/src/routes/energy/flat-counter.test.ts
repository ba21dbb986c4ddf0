import { Code, type DeviceReport, type EnergySpan, type HeatMap, type NetworkEnergy } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { networks } from '../../db/schema.ts';
import { rollupMonths } from '../../telemetry/index.ts';
import { storeHourlyLamp } from './test-lamp.ts';

/** 10 December 2026, 12:00 in London (UTC in winter). */
const NOW = Date.UTC(2026, 11, 10, 12) / 1000;
/** The lamp reports every hour from 28 November 00:00 to 3 December 00:00, its counter never moving. */
const FROM = Date.UTC(2026, 10, 28) / 1000;
const UNTIL = Date.UTC(2026, 11, 3) / 1000;

describeApi('a D4i lamp off for the whole period is counted by its counter', () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof networkTeam>>;
  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = NOW * 1000 - Date.now();
    team = await networkTeam(t);
    await t.db.update(networks).set({ timeZone: 'Europe/London' }).where(eq(networks.id, team.network.id));
    await storeHourlyLamp(t, team.network.id, { from: FROM, until: UNTIL, rawAt: () => 5_000 });
    // November has closed: its month is summed, and read as one row by the 3-month overview.
    await rollupMonths(t.db, new Date(NOW * 1000));
  });
  afterAll(() => t.close());

  it('as D4i with 0 Wh on the network overview, by the hour, the day and the month, not as a standby estimate', async () => {
    // Up to 15 days read by the hour, 30 days by the day (each ending on 2 December), and September to
    // November with November's monthly row (the heat map: its monthly cells).
    const spans: [EnergySpan, number][] = [
      ['7d', UNTIL - 1],
      ['15d', UNTIL - 1],
      ['30d', UNTIL - 1],
      ['3m', Date.UTC(2026, 10, 29) / 1000],
    ];
    const seen = [];
    for (const [span, until] of spans) {
      const reply = await call(t.app, 'networkEnergy', { nid: team.network.id, span, until }, team.owner.session);
      expect(reply.body.code, span).toBe(Code.ok);
      const { figures } = reply.body.data as NetworkEnergy;
      const payload = { nid: team.network.id, span, until };
      const heat = (await call(t.app, 'deviceHeatPower', payload, team.owner.session)).body.data as HeatMap;
      seen.push({
        heat: heat.rows.map((row) => row.bySource),
        span,
        energyWh: figures.energyWh,
        bySource: figures.bySource,
        baselineWh: figures.savings.baselineWh,
        estimated: figures.assumptions.some((assumption) => assumption.key === 'estimatedLuminaires'),
      });
    }
    // Never lit: no hour in operation for the savings baseline, and no estimate assumption.
    expect(seen).toEqual(
      spans.map(([span]) => ({
        heat: [{ meter: 0, d4i: 0, estimate: 0 }],
        span,
        energyWh: 0,
        bySource: { meter: 0, d4i: 0, estimate: 0 },
        baselineWh: 0,
        estimated: false,
      })),
    );
  });

  it('as D4i with 0 Wh on the device report', async () => {
    const print = await call(
      t.app,
      'reportDevicePrint',
      {
        nid: team.network.id,
        target: { kind: 'network' },
        period: { kind: 'range', from: '2026-11-28', to: '2026-12-02' },
      },
      team.owner.session,
    );
    expect(print.body.code, print.body.message).toBe(Code.ok);
    const report = print.body.data as DeviceReport;
    expect(report.devices).toHaveLength(1);
    expect(report.devices[0]).toMatchObject({
      source: 'd4i',
      energyWh: 0,
      bySource: { meter: 0, d4i: 0, estimate: 0 },
      d4iEnergyWh: 0,
    });
  });
});
