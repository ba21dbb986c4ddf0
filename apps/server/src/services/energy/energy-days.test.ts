import { localMonth, type Period, type ReportMessage } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildD4iElements, buildTestApp, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { buildGateway } from '../../../test/mqtt/fake-gateway.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices, networks, tariffVersions } from '../../db/schema.ts';
import { storeReports } from '../../telemetry/index.ts';
import { energyFigures } from './energy-figures.ts';
import { loadDeviceHours, loadEnergyDevices } from './energy-hours.ts';
import { loadPeriodHours } from './energy-periods.ts';
import { buildHeatMap, energySettingsOf } from './energy-views.ts';
import { loadVersions } from './tariffs.ts';

const HOUR = 3600;
/** Readings from 28 July to 5 November 2025, hourly at 20 past. */
const FROM = Date.UTC(2025, 6, 28, 0, 20) / 1000;
const TO = Date.UTC(2025, 10, 5, 0, 20) / 1000;
/** The D4i lamp's gateway was away from 10 to 13 September: no readings for three days. */
const GAP = { start: Date.UTC(2025, 8, 10, 6, 20) / 1000, end: Date.UTC(2025, 8, 13, 6, 20) / 1000 };
/** One implausible jump of the D4i counter (quarantined, not summed). */
const JUMP = Date.UTC(2025, 9, 2, 13, 20) / 1000;

/**
 * A network in `timeZone` with a D4i lamp (100 W), a metered luminaire, an estimated lamp (40 W) and a
 * sensor, and three months of hourly readings stored as the console stores reports.
 */
async function networkWithHistory(t: TestApp, timeZone: string) {
  const { network } = await networkTeam(t);
  await t.db
    .update(networks)
    .set({ timeZone, currency: 'GBP', electricityPrice: 30 })
    .where(eq(networks.id, network.id));
  const { gateway, sn } = await buildGateway(t.db, network.id);
  const mac = (n: number) => `DD${String(network.id).padStart(6, '0')}000${n}`;
  const [counted] = await t.db
    .insert(devices)
    .values([
      {
        nid: network.id,
        gatewayId: gateway.id,
        kind: 'luminaire',
        name: 'D4i',
        model: 'B',
        mac: mac(1),
        address: 1,
        ratedPower: 100,
      },
      {
        nid: network.id,
        gatewayId: gateway.id,
        kind: 'luminaire',
        name: 'Meter',
        model: 'B',
        mac: mac(2),
        address: 2,
        ratedPower: 60,
      },
      {
        nid: network.id,
        gatewayId: gateway.id,
        kind: 'luminaire',
        name: 'Plain',
        model: 'B',
        mac: mac(3),
        address: 3,
        ratedPower: 40,
      },
      {
        nid: network.id,
        gatewayId: gateway.id,
        kind: 'motionSensor',
        name: 'PIR',
        model: 'B',
        mac: mac(4),
        address: 4,
      },
    ])
    .returning();
  await buildD4iElements(t.db, [counted!.id]);
  const reports: ReportMessage[] = [];
  let d4i = 1_000_000;
  let meter = 500;
  let seq = 0;
  for (let at = FROM, i = 0; at < TO; at += HOUR, i += 1) {
    const hour = new Date(at * 1000).getUTCHours();
    const working = hour >= 7 && hour < 19;
    d4i += at === JUMP ? 90_000 : working ? 20 + (i % 7) * 10 : 1;
    meter += working ? 45 : 0;
    seq += 1;
    const away = at > GAP.start && at < GAP.end;
    reports.push({
      kind: 'readings',
      seq,
      at,
      devices: [
        ...(away
          ? []
          : [
              {
                mac: mac(1),
                elements: [{ index: 0, energy: { raw: d4i, scale: 0, serial: 'S1', source: 'd4i' as const } }],
              },
            ]),
        {
          mac: mac(2),
          elements: [{ index: 0, energy: { raw: meter, scale: 0, serial: 'M1', source: 'meter' as const } }],
        },
        { mac: mac(3), elements: [{ index: 0, onSeconds: working ? (i % 3 === 0 ? 1800 : 3600) : 0 }] },
        { mac: mac(4), elements: [{ index: 0, triggers: working ? i % 4 : 0, occupiedSeconds: working ? 600 : 0 }] },
      ],
    });
  }
  await storeReports(t.db, [{ gateway: { id: gateway.id, nid: network.id, sn }, reports }], new Date(TO * 1000));
  const [row] = await t.db.select().from(networks).where(eq(networks.id, network.id));
  return row!;
}

describeApi('energy over long periods: whole days from the daily rollups equal the hourly path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The figures of one period both ways: every hour from the hourly rollups, and days plus edge hours. */
  async function bothWays(network: Awaited<ReturnType<typeof networkWithHistory>>, period: Period) {
    const versions = (await loadVersions(t.db, [network])).get(network.id) ?? [];
    const settings = energySettingsOf(network, versions, period.end - 1);
    const energyDevices = await loadEnergyDevices(t.db, [network.id]);
    const defaults = new Map([[network.id, { ratedW: network.estimateRatedW, standbyW: network.estimateStandbyW }]]);
    const hours = await loadDeviceHours(t.db, [network.id], period.start, period.end, defaults);
    const long = await loadPeriodHours(t.db, network, period, settings);
    // Far fewer rows: one per device and whole day.
    expect(long.hours.length).toBeLessThan(hours.length / 10);
    const byDevice = (rows: typeof hours) => {
      const sums = new Map<number, number>();
      for (const row of rows) sums.set(row.deviceId, (sums.get(row.deviceId) ?? 0) + row.wh);
      return sums;
    };
    const hourly = byDevice(hours);
    for (const [id, wh] of byDevice(long.hours)) expect(Math.abs(wh - hourly.get(id)!)).toBeLessThan(0.001);
    return {
      hourly: energyFigures(hours, energyDevices, settings, period),
      daily: energyFigures(long.hours, energyDevices, settings, period, long.costHours),
    };
  }

  function expectEqualFigures({ hourly, daily }: Awaited<ReturnType<typeof bothWays>>) {
    expect(daily.energyWh).toBeGreaterThan(100_000);
    for (const key of ['energyWh', 'quarantinedWh', 'spreadWh'] as const) {
      expect(Math.abs(daily[key] - hourly[key])).toBeLessThan(0.001);
    }
    for (const source of ['meter', 'd4i', 'estimate'] as const) {
      expect(Math.abs(daily.bySource[source] - hourly.bySource[source])).toBeLessThan(0.001);
    }
    expect(daily.shareBasisPoints).toEqual(hourly.shareBasisPoints);
    expect(daily.cost).toEqual(hourly.cost);
    expect(Math.abs(daily.co2.grams - hourly.co2.grams)).toBeLessThan(0.001);
    expect(Math.abs(daily.savings.baselineWh - hourly.savings.baselineWh)).toBeLessThan(0.001);
    expect(Math.abs(daily.savings.savedWh - hourly.savings.savedWh)).toBeLessThan(0.001);
    expect(Object.values(daily.savings.byCause).reduce((a, b) => a + b, 0)).toBeCloseTo(daily.savings.savedWh, 6);
    expect(daily.quarantinedWh).toBeGreaterThan(80_000);
    expect(daily.spreadWh).toBeGreaterThan(0);
  }

  it('Europe/London, three months with the 25-hour day; a tariff with time-of-use bands from mid-October', async () => {
    const network = await networkWithHistory(t, 'Europe/London');
    await t.db.insert(tariffVersions).values([
      { nid: network.id, validFrom: '2025-01-01', pricePerKWh: 30, currency: 'GBP', standingChargePerDay: 25 },
      {
        nid: network.id,
        validFrom: '2025-10-15',
        pricePerKWh: 42,
        currency: 'GBP',
        standingChargePerDay: 31,
        bands: [{ weekdays: [1, 2, 3, 4, 5], fromSecond: 7 * HOUR, toSecond: 19 * HOUR, pricePerKWh: 55 }],
      },
    ]);
    const months = {
      start: localMonth(2025, 8, 'Europe/London').start,
      end: localMonth(2025, 10, 'Europe/London').end,
    };
    const result = await bothWays(network, months);
    expectEqualFigures(result);
    // The heat map's cells (summed in SQL by hour of the week) and its daily frames add up to the same energy.
    const map = await buildHeatMap(t.db, network, months, 'energy', 'device');
    const cells = map.rows.reduce((sum, row) => sum + row.cells.reduce((a, b) => a + b, 0), 0);
    const frames = map.frames.reduce((sum, frame) => sum + frame.values.reduce((a, b) => a + b, 0), 0);
    expect(map.frameUnit).toBe('day');
    expect(map.frames).toHaveLength(92);
    expect(Math.abs(cells - result.hourly.energyWh)).toBeLessThan(0.01);
    expect(Math.abs(frames - result.hourly.energyWh)).toBeLessThan(0.01);
    expect(result.daily.cost.standing).toBe(75 * 25 + 17 * 31);
    // Edges that are not whole days: read by the hour on both sides.
    expectEqualFigures(await bothWays(network, { start: months.start + 5 * HOUR, end: months.end - 7 * HOUR }));
  });

  it('America/Santiago, three months with the 23-hour day; a price change on 15 September', async () => {
    const network = await networkWithHistory(t, 'America/Santiago');
    await t.db.insert(tariffVersions).values([
      { nid: network.id, validFrom: '2025-01-01', pricePerKWh: 30, currency: 'GBP', standingChargePerDay: 20 },
      { nid: network.id, validFrom: '2025-09-15', pricePerKWh: 37, currency: 'GBP', standingChargePerDay: 22 },
    ]);
    const zone = 'America/Santiago';
    const months = { start: localMonth(2025, 8, zone).start, end: localMonth(2025, 10, zone).end };
    // 7 September starts at 01:00: 92 days, one of them 23 hours long.
    expect((months.end - months.start) / HOUR).toBe(92 * 24 - 1);
    expectEqualFigures(await bothWays(network, months));
    expectEqualFigures(await bothWays(network, { start: months.start + 3 * HOUR, end: months.end - 11 * HOUR }));
    // Every device reported in each of the day's 23 hours.
    const short = await rowsOf<{ hours: number }>(
      t.db,
      sql`SELECT t.hours_reported AS hours FROM telemetry_daily t JOIN devices d ON d.id = t.device_id
          WHERE d.nid = ${network.id} AND t.day = '2025-09-07'`,
    );
    expect(short.map((row) => row.hours)).toEqual([23, 23, 23, 23]);
  });
});
