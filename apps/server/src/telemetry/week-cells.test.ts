import { localMonth, type Period } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildD4iElements,
  buildTestApp,
  describeApi,
  networkTeam,
  officeAndHall,
  type TestApp,
} from '../../test/helpers.ts';
import { buildGateway } from '../../test/mqtt/fake-gateway.ts';
import { rowsOf } from '../db/rows.ts';
import { devices, networks, telemetryMonthMarks } from '../db/schema.ts';
import { loadDeviceCells } from '../services/energy/energy-cells.ts';
import { loadEnergyDevices } from '../services/energy/energy-hours.ts';
import { type GatewayReports, rollupMonths, storeReports } from './index.ts';

const HOUR = 3600;
/** 26 November 2026, 12:00 UTC: September and October have ended, November has not. */
const NOW = new Date(Date.UTC(2026, 10, 26, 12));
/** A readings report as the gateway link hands it to `storeReports`, without its kind. */
type ReadingsReport = Omit<Extract<GatewayReports['reports'][number], { kind: 'readings' }>, 'kind'>;
const MACS = { counted: 'CC0000000011', estimated: 'CC0000000012', sensor: 'CC0000000013' };

/**
 * A network in `timeZone` with an "Office" zone (a D4i luminaire and a motion sensor) and a "Hall" zone (a
 * luminaire without a counter), and its readings from 1 September to 25 November every two hours: lights on
 * from 08:00 to 18:00 UTC on weekdays, the sensor seeing people until 12:00 only, so the office is lit while
 * unoccupied in the afternoon. Reading number 500 (in October) is held back for `late`.
 */
async function officeNetwork(t: TestApp, timeZone: string) {
  const { network } = await networkTeam(t);
  await t.db.update(networks).set({ timeZone }).where(eq(networks.id, network.id));
  const { gateway, sn } = await buildGateway(t.db, network.id);
  const base = { nid: network.id, gatewayId: gateway.id, online: true };
  const [counted, estimated, sensor] = await t.db
    .insert(devices)
    .values([
      { ...base, kind: 'luminaire', name: 'Desk', model: 'LW-D4I', mac: MACS.counted, address: 1, ratedPower: 60 },
      { ...base, kind: 'luminaire', name: 'Hall', model: 'LW-DT6', mac: MACS.estimated, address: 2, ratedPower: 40 },
      { ...base, kind: 'motionSensor', name: 'PIR', model: 'LW-PIR', mac: MACS.sensor, address: 3 },
    ])
    .returning();
  await buildD4iElements(t.db, [counted!.id]);
  await officeAndHall(t.db, network.id, { office: [counted!.id, sensor!.id], hall: [estimated!.id] }, [
    'L1',
    'S1',
    'L2',
  ]);
  const start = Date.UTC(2026, 8, 1) / 1000;
  let wh = 2000;
  const stream: ReadingsReport[] = [];
  for (let step = 0; start + step * 2 * HOUR < Date.UTC(2026, 10, 25) / 1000; step += 1) {
    const at = start + step * 2 * HOUR;
    const hour = new Date(at * 1000).getUTCHours();
    const weekday = ![0, 6].includes(new Date(at * 1000).getUTCDay());
    // The two hours before `at`.
    const lit = weekday && hour > 8 && hour <= 18;
    wh += lit ? 100 : 1;
    stream.push({
      seq: step + 1,
      at,
      devices: [
        {
          mac: MACS.counted,
          elements: [
            {
              index: 0,
              energy: { raw: wh, scale: 0, serial: 'D-1', source: 'd4i' as const },
              onSeconds: lit ? 7200 : 0,
            },
          ],
        },
        { mac: MACS.estimated, elements: [{ index: 0, onSeconds: lit ? 3600 : 0 }] },
        { mac: MACS.sensor, elements: [{ index: 0, triggers: lit && hour <= 12 ? 3 : 0 }] },
      ],
    });
  }
  const store = async (reports: typeof stream, now: Date) => {
    for (let from = 0; from < reports.length; from += 100) {
      await storeReports(
        t.db,
        [
          {
            gateway: { id: gateway.id, nid: network.id, sn },
            reports: reports.slice(from, from + 100).map((r) => ({ kind: 'readings' as const, ...r })),
          },
        ],
        now,
      );
    }
  };
  const late = stream.find((report) => report.seq === 500)!;
  await store(
    stream.filter((report) => report !== late),
    NOW,
  );
  /** The network's cells over `period`, by the hour (`byMonth` false) or from summed months where it can. */
  const cells = async (period: Period, byMonth: boolean) => {
    const list = await loadDeviceCells(
      t.db,
      network.id,
      timeZone,
      period,
      await loadEnergyDevices(t.db, [network.id]),
      new Map(),
      byMonth,
    );
    return list
      .map((cell) => ({
        device: cell.energy.deviceId,
        cell: cell.cell,
        litUnoccupied: cell.litUnoccupied,
        hours: cell.hours,
        source: cell.energy.source,
        wh: Math.round(cell.energy.wh * 1e6) / 1e6,
        baselineWh: Math.round(cell.energy.baselineWh * 1e6) / 1e6,
        triggers: cell.energy.triggers,
        onSeconds: cell.energy.onSeconds,
      }))
      .sort((a, b) => a.device - b.device || a.cell - b.cell || Number(a.litUnoccupied) - Number(b.litUnoccupied));
  };
  const summedMonths = async () =>
    (
      await rowsOf<{ month: string }>(
        t.db,
        sql`SELECT DISTINCT c.month::text AS month FROM telemetry_cells_monthly c JOIN devices d ON d.id = c.device_id
            WHERE d.nid = ${network.id} ORDER BY 1`,
      )
    ).map((row) => row.month);
  const mark = async () =>
    (await t.db.select().from(telemetryMonthMarks).where(eq(telemetryMonthMarks.nid, network.id)))[0];
  return { network, counted: counted!, store, late, cells, summedMonths, mark };
}

describeApi('heat-map cells of closed months', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // London changes its clocks on 25 October; Kolkata's months start at 18:30 UTC, in the middle of an hour.
  for (const timeZone of ['Europe/London', 'Asia/Kolkata']) {
    it(`in ${timeZone}: a long heat map reads summed months as cells and gives what every hour gives`, async () => {
      const w = await officeNetwork(t, timeZone);
      const september = localMonth(2026, 9, timeZone);
      const whole = { start: september.start, end: Date.UTC(2026, 10, 20) / 1000 };
      const midSeptember = { start: september.start + 14 * 24 * HOUR + 5 * HOUR, end: whole.end };
      const byHour = await w.cells(whole, false);
      expect(byHour.some((cell) => cell.litUnoccupied && cell.wh > 0)).toBe(true);
      expect(byHour.some((cell) => cell.litUnoccupied && cell.triggers === 0 && cell.hours > 0)).toBe(true);
      // Nothing summed yet: the same cells.
      expect(await w.cells(whole, true)).toEqual(byHour);

      expect(await rollupMonths(t.db, NOW)).toMatch(/, 2 network months of heat-map cells summed$/);
      expect(await w.summedMonths()).toEqual(['2026-09-01', '2026-10-01']);
      expect((await w.mark())?.cellsUntil).toBe('2026-11-01');
      expect(await w.cells(whole, true)).toEqual(byHour);
      expect(await w.cells(midSeptember, true)).toEqual(await w.cells(midSeptember, false));
      // The summed months are what is read: a change to a stored cell shows.
      await t.db.execute(
        sql`UPDATE telemetry_cells_monthly SET triggers = triggers + 1000
            WHERE device_id IN (SELECT id FROM devices WHERE nid = ${w.network.id}) AND month = '2026-10-01'
              AND triggers > 0`,
      );
      const sensorTriggers = async (byMonth: boolean) =>
        (await w.cells(whole, byMonth)).reduce((sum, cell) => sum + cell.triggers, 0);
      expect((await sensorTriggers(true)) - (await sensorTriggers(false))).toBeGreaterThanOrEqual(1000);

      // A late reading in October: read by the hour until the job sums October's cells again.
      await w.store([w.late], NOW);
      const afterLate = await w.cells(whole, false);
      expect(afterLate).not.toEqual(byHour);
      expect(await w.cells(whole, true)).toEqual(afterLate);
      expect(await rollupMonths(t.db, new Date(NOW.getTime() + HOUR * 1000))).toBe(
        // The late report held all three devices.
        '0 network months summed, 3 stale device months summed again, 1 network months of heat-map cells summed',
      );
      expect((await w.mark())?.cellsUntil).toBe('2026-11-01');
      expect(await w.cells(whole, true)).toEqual(afterLate);
      expect(await sensorTriggers(true)).toBe(await sensorTriggers(false));

      // A console whose months were summed before cells existed sums every month's cells at the next run.
      await t.db.execute(sql`UPDATE telemetry_month_marks SET cells_until = NULL WHERE nid = ${w.network.id}`);
      await t.db.execute(
        sql`DELETE FROM telemetry_cells_monthly WHERE device_id IN (SELECT id FROM devices WHERE nid = ${w.network.id})`,
      );
      expect(await w.cells(whole, true)).toEqual(afterLate);
      expect(await rollupMonths(t.db, new Date(NOW.getTime() + 2 * HOUR * 1000))).toMatch(
        /, 2 network months of heat-map cells summed$/,
      );
      expect(await w.summedMonths()).toEqual(['2026-09-01', '2026-10-01']);
      expect(await w.cells(whole, true)).toEqual(afterLate);
    });
  }
});
