import { apportion, type HeatMap, type Period } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../../test/helpers.ts';
import { rowsOf } from '../../db/rows.ts';
import { networks } from '../../db/schema.ts';
import { isLuminaireKind, isSensorKind, rollupMonths } from '../../telemetry/index.ts';
import { HOUR, NOW, officeNetwork } from '../../telemetry/test-office-network.ts';
import { loadDeviceCells } from './energy-cells.ts';
import { deviceTotalMWh, sumBySource } from './energy-figures.ts';
import { frameIndex, framesOf } from './energy-frames.ts';
import { type DeviceHour, loadEnergyDevices } from './energy-hours.ts';
import { estimateDefaultsOf, loadPeriodHours } from './energy-periods.ts';
import { buildHeatMap, energySettingsOf } from './energy-views.ts';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * A heat map's rows and frames worked out from a row per device, hour of the week and flag over every hour
 * (`loadDeviceCells` without summed months) and from the device-hours (or -days) `loadPeriodHours` reads, each
 * device's energy rounded once and shared over its cells: what the heat map read before it was summed in SQL.
 */
async function referenceMap(
  t: TestApp,
  nid: number,
  period: Period,
  metric: 'energy' | 'triggers',
  by: 'zone' | 'device',
) {
  const [network] = await t.db.select().from(networks).where(eq(networks.id, nid));
  const devices = await loadEnergyDevices(t.db, [nid]);
  const cells = await loadDeviceCells(
    t.db,
    nid,
    network!.timeZone,
    period,
    devices,
    estimateDefaultsOf([network!]),
    false,
  );
  const counted = (device: (typeof devices)[number]) =>
    metric === 'triggers' ? isSensorKind(device) : isLuminaireKind(device);
  const keys =
    by === 'zone'
      ? (await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM zones WHERE nid = ${nid} ORDER BY id`)).map((z) => z.id)
      : devices.filter(counted).map((device) => device.id);
  const keyOf = (deviceId: number) => {
    const device = devices.find((d) => d.id === deviceId);
    return device && counted(device) ? (by === 'zone' ? device.zoneId : device.id) : null;
  };
  const rows = new Map(
    keys.map((key) => [
      key,
      {
        total: 0,
        cells: new Array<number>(168).fill(0),
        lit: new Array<number>(168).fill(0),
        hours: [] as DeviceHour[],
      },
    ]),
  );
  const own = new Map<number, { cells: number[]; hours: DeviceHour[] }>();
  for (const { cell, litUnoccupied, hours, energy } of cells) {
    const row = rows.get(keyOf(energy.deviceId)!);
    if (!row) continue;
    if (metric === 'triggers') {
      row.cells[cell]! += energy.triggers;
      row.total += energy.triggers;
    } else {
      const mine = own.get(energy.deviceId) ?? { cells: new Array<number>(168).fill(0), hours: [] };
      mine.cells[cell]! += energy.wh;
      mine.hours.push(energy);
      own.set(energy.deviceId, mine);
      row.hours.push(energy);
    }
    if (litUnoccupied) row.lit[cell]! += metric === 'energy' ? energy.wh : hours;
  }
  for (const [deviceId, mine] of own) {
    const row = rows.get(keyOf(deviceId)!)!;
    const total = deviceTotalMWh(mine.hours);
    apportion(total, mine.cells).forEach((mWh, cell) => {
      row.cells[cell]! += mWh;
    });
    row.total += total;
  }
  if (metric === 'energy') {
    for (const row of rows.values()) {
      row.cells = row.cells.map((mWh) => mWh / 1000);
      row.total /= 1000;
    }
  }
  const frames = framesOf(period, network!.timeZone);
  const values = frames.starts.map(() => new Map(keys.map((key) => [key, 0])));
  for (const hour of (
    await loadPeriodHours(t.db, network!, period, energySettingsOf(network!, [], period.end - 1), false)
  ).hours) {
    const key = keyOf(hour.deviceId);
    if (key === null) continue;
    const frame = values[frameIndex(frames.starts, hour.hour)]!;
    frame.set(key, frame.get(key)! + (metric === 'triggers' ? hour.triggers : hour.wh));
  }
  return {
    rows: keys.map((key) => {
      const row = rows.get(key)!;
      return {
        id: key,
        total: round3(row.total),
        cells: row.cells.map(round3),
        bySource:
          metric === 'energy' && row.hours.length > 0 ? sumBySource(row.hours) : { meter: 0, d4i: 0, estimate: 0 },
        litUnoccupied: round3(row.lit.reduce((sum, value) => sum + value, 0)),
        litUnoccupiedCells: row.lit.map(round3),
      };
    }),
    frames: values.map((frame) => keys.map((key) => round3(frame.get(key)!))),
  };
}

/** What the reference gives of a heat map. */
const shapeOf = (map: HeatMap) => ({
  rows: map.rows.map(({ id, total, cells, bySource, litUnoccupied, litUnoccupiedCells }) => ({
    id,
    total,
    cells,
    bySource,
    litUnoccupied,
    litUnoccupiedCells,
  })),
  frames: map.frames.map((frame) => frame.values),
});

describeApi('heat maps summed by the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  for (const timeZone of ['Europe/London', 'Asia/Kolkata']) {
    it(`in ${timeZone}: every heat map gives the cells, totals and frames of its device-hours`, async () => {
      const w = await officeNetwork(t, timeZone);
      // September and October summed as months (cells and all), November read by the hour.
      await rollupMonths(t.db, NOW);
      const [network] = await t.db.select().from(networks).where(eq(networks.id, w.network.id));
      const start = Date.UTC(2026, 8, 3, 5) / 1000;
      const periods = [
        { start, end: Date.UTC(2026, 10, 20) / 1000 },
        { start: Date.UTC(2026, 9, 20, 7) / 1000, end: Date.UTC(2026, 9, 27, 7) / 1000 },
      ];
      for (const period of periods) {
        for (const metric of ['energy', 'triggers'] as const) {
          for (const by of ['zone', 'device'] as const) {
            const map = await buildHeatMap(t.db, network!, period, metric, by);
            const expected = await referenceMap(t, network!.id, period, metric, by);
            expect(shapeOf(map)).toEqual(expected);
            if (metric === 'energy') expect(map.rows.some((row) => row.litUnoccupied > 0)).toBe(true);
          }
        }
      }
      expect(periods[1]!.end - periods[1]!.start).toBe(7 * 24 * HOUR);
      // Sixteen heat maps and their references over three months of two-hourly readings.
    }, 180_000);
  }
});
