import {
  Code,
  gatewayTopic,
  type HeatMap,
  type NetworkEnergy,
  type Portfolio,
  SAMPLE_D4I_BANK_RAW,
} from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, officeAndHall, type TestApp } from '../../../test/helpers.ts';
import { buildGateway, connectGateway, send, waitFor } from '../../../test/mqtt/fake-gateway.ts';
import { devices, telemetryReadings } from '../../db/schema.ts';

const D4I_LAMP = 'CC0000000001';
const PLAIN_LAMP = 'CC0000000002';
const SENSOR = 'CC0000000003';
/** 09:00 UTC on a Thursday: hour of the week 3 × 24 + 9 = 81 in UTC. */
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0) / 1000;

/** How the plain lamp reports: the light level it was on at, and a counter it declares D4i. */
interface PlainLamp {
  meanLightness?: number;
  declaresD4i?: boolean;
}

/**
 * A network in Europe/London (UTC in November) with two zones: "Office" holds a D4i luminaire (100 W, its
 * inventory with a D4i bank) and a motion sensor, "Hall" a luminaire without a D4i driver or meter (40 W,
 * estimated). Its gateway reports two hours of readings through the broker; resolves once they are stored.
 */
async function meteredNetwork(t: TestApp, clients: MqttClient[], plainLamp: PlainLamp = {}) {
  const team = await networkTeam(t);
  const { network } = team;
  await t.db.execute(
    sql`UPDATE networks SET time_zone = 'Europe/London', electricity_price = 30, currency = 'GBP' WHERE id = ${network.id}`,
  );
  const { sn, secret } = await buildGateway(t.db, network.id);
  const client = await connectGateway(t.brokerUrl, sn, secret);
  clients.push(client);
  const stored: number[] = [];
  client.on('message', (_topic, payload) => {
    const body = JSON.parse(payload.toString()) as { storedUpTo?: number };
    if (typeof body.storedUpTo === 'number') stored.push(body.storedUpTo);
  });
  await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
  await send(client, sn, 'inventory', {
    seq: 0,
    devices: [
      {
        mac: D4I_LAMP,
        address: 1,
        model: 'LW-D4I',
        online: true,
        elements: [{ index: 0, type: 1, d4i: SAMPLE_D4I_BANK_RAW }],
      },
      { mac: PLAIN_LAMP, address: 2, model: 'LW-DT6', online: true, elements: [{ index: 0, type: 1 }] },
      { mac: SENSOR, address: 3, model: 'LW-PIR', online: true, elements: [{ index: 0, type: 20 }] },
    ],
  });
  const byMac = async () =>
    new Map(
      (await t.db.select().from(devices).where(eq(devices.nid, network.id))).map((device) => [device.mac, device]),
    );
  const found = await waitFor(async () => ((await byMac()).size === 3 ? byMac() : undefined), 5000, 'inventory');
  const d4i = found.get(D4I_LAMP)!;
  const plain = found.get(PLAIN_LAMP)!;
  const sensor = found.get(SENSOR)!;
  await t.db.update(devices).set({ ratedPower: 100 }).where(eq(devices.id, d4i.id));
  await t.db.update(devices).set({ ratedPower: 40 }).where(eq(devices.id, plain.id));
  const { office, hall } = await officeAndHall(t.db, network.id, { office: [d4i.id, sensor.id], hall: [plain.id] }, [
    'L1',
    'S1',
    'L2',
  ]);

  // Every 15 minutes for two hours from 09:00: the D4i lamp uses 20 Wh (80 W, on all the time), the plain
  // lamp is on for 600 s of each quarter, and the sensor triggers twice in the first hour only. The reports
  // are stamped 08:45 (the counters' first reading) to 10:45: each is filed in the hour holding its stamp,
  // so the 09:00 to 10:45 reports make the 09:00 and 10:00 hours.
  await send(client, sn, 'report', { kind: 'streamStart', seq: 1, at: T0 });
  let seq = 1;
  for (let quarter = 0; quarter <= 8; quarter++) {
    seq += 1;
    const at = T0 - 900 + quarter * 900;
    await send(client, sn, 'report', {
      kind: 'readings',
      seq,
      at,
      devices: [
        {
          mac: D4I_LAMP,
          elements: [
            { index: 0, energy: { raw: 5000 + quarter * 20, scale: 0, serial: 'DRV', source: 'd4i' }, onSeconds: 900 },
          ],
        },
        {
          mac: PLAIN_LAMP,
          elements: [
            {
              index: 0,
              onSeconds: quarter === 0 ? 0 : 600,
              ...(quarter > 0 && plainLamp.meanLightness !== undefined
                ? { meanLightness: plainLamp.meanLightness }
                : {}),
              ...(plainLamp.declaresD4i
                ? { energy: { raw: 900 + quarter * 10, scale: 0, serial: 'FAKE', source: 'd4i' } }
                : {}),
            },
          ],
        },
        { mac: SENSOR, elements: [{ index: 0, triggers: quarter > 0 && quarter <= 4 ? 2 : 0 }] },
      ],
    });
  }
  await waitFor(() => stored.includes(seq), 10_000, `stored up to ${seq}`);
  return { ...team, office, hall, d4i, plain, sensor };
}

describeApi('energy: overview, heat maps and portfolio from stored readings', () => {
  let t: TestApp;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await t.close();
  });

  const until = T0 + 2 * 3600;

  it('adds up energy by source, prices and converts it, and zone totals equal the network total', async () => {
    const w = await meteredNetwork(t, clients);
    const reply = await call(t.app, 'networkEnergy', { nid: w.network.id, span: '12h', until }, w.sub.session);
    expect(reply.body.code).toBe(Code.ok);
    const data = reply.body.data as NetworkEnergy;
    // The last 12 hours up to and including the hour `until` falls in.
    expect(data.period).toEqual({ start: until - 11 * 3600, end: until + 3600, timeZone: 'Europe/London' });
    // A reading belongs to the hour holding its stamp: the 08:45 reading to the 08:00 hour. D4i: the
    // first reading is the counter's baseline, then 8 quarters × 20 Wh. Estimate: the plain lamp off but
    // powered (0.5 W) in the 08:00 hour, then 2 × 4 × 600 s at 40 W plus standby for the rest.
    expect(data.figures.bySource.d4i).toBe(160);
    const estimate = 0.5 + (2 * (40 * 2400 + 0.5 * 1200)) / 3600;
    expect(data.figures.bySource.estimate).toBeCloseTo(estimate, 3);
    expect(data.figures.bySource.meter).toBe(0);
    expect(data.figures.energyWh).toBeCloseTo(160 + estimate, 3);
    expect(data.figures.shareBasisPoints.d4i + data.figures.shareBasisPoints.estimate).toBe(10_000);
    // 0.30 GBP per kWh, priced each hour.
    expect(data.figures.cost).toMatchObject({
      currency: 'GBP',
      standing: 0,
      total: Math.round(data.figures.energyWh * 0.03),
    });
    expect(data.figures.co2.factorSetId).toMatch(/gb|uk/i);
    expect(data.figures.co2.grams).toBeCloseTo((data.figures.energyWh / 1000) * data.figures.co2.gramsPerKWh, 1);
    // Baseline: each luminaire at its rated power for each hour it was in operation: the D4i lamp in the two
    // hours its counter counted, the plain lamp in the three hours it reported.
    expect(data.figures.savings.baselineWh).toBe(2 * 100 + 3 * 40);
    expect(data.figures.savings.savedWh).toBeCloseTo(320 - data.figures.energyWh, 2);
    // The assumption line names the rated power the estimate used and counts the luminaires it filled: the
    // plain lamp alone (the D4i lamp has a rated power too, but its counter measured it). It reported no
    // level, so it is taken at 100 % while on.
    expect(data.figures.assumptions).toEqual([
      { key: 'nominalPower', params: { watts: 40 } },
      { key: 'estimatedLuminaires', params: { count: 1 } },
      { key: 'fullLevelAssumed', params: { count: 1 } },
      { key: 'standbyDefault', params: { watts: 0.5 } },
    ]);
    const zoneTotal = data.zones.reduce((sum, zone) => sum + zone.energyWh, 0);
    expect(zoneTotal).toBeCloseTo(data.figures.energyWh, 2);
    expect(data.zones.find((zone) => zone.name === 'Office')).toMatchObject({ energyWh: 160, triggers: 8 });
    const seriesTotal = data.series.reduce((sum, f) => sum + f.bySource.d4i + f.bySource.estimate, 0);
    expect(seriesTotal).toBeCloseTo(data.figures.energyWh, 2);
    expect(data.frameUnit).toBe('hour');
    expect(data.devices).toEqual({ total: 3, offline: 0, faults: 0 });
    // Nothing in the 12 hours before.
    expect(data.previous.energyWh).toBe(0);
  });

  it("follows the network's chosen factor set and estimate defaults from /setting/price", async () => {
    const w = await meteredNetwork(t, clients);
    await t.db.update(devices).set({ ratedPower: null }).where(eq(devices.id, w.plain.id));
    const update = await call(
      t.app,
      'energyBaseUpdate',
      { nid: w.network.id, factorSetId: 'de-uba-2024', estimate: { ratedPowerW: 20, standbyW: 0.2 } },
      w.owner.session,
    );
    expect(update.body.code).toBe(Code.ok);
    const data = (await call(t.app, 'networkEnergy', { nid: w.network.id, span: '12h', until }, w.owner.session)).body
      .data as NetworkEnergy;
    expect(data.figures.co2).toMatchObject({ factorSetId: 'de-uba-2024', gramsPerKWh: 363 });
    // The plain lamp has no rated power of its own: the network's 20 W and 0.2 W standby estimate it.
    expect(data.figures.bySource.estimate).toBeCloseTo(0.2 + (2 * (20 * 2400 + 0.2 * 1200)) / 3600, 3);
    expect(data.figures.assumptions).toContainEqual({ key: 'standbyPower', params: { watts: 0.2 } });
  });

  it('estimates a luminaire reporting 50 % through its dimming curve: half the power of 100 % while on', async () => {
    const read = async (meanLightness: number, span: '12h' | '30d') => {
      const w = await meteredNetwork(t, clients, { meanLightness });
      const data = (await call(t.app, 'networkEnergy', { nid: w.network.id, span, until }, w.owner.session)).body
        .data as NetworkEnergy;
      const lamps = (
        await call(t.app, 'deviceHeatPower', { nid: w.network.id, span, until, zid: w.hall.id }, w.owner.session)
      ).body.data as HeatMap;
      return { figures: data.figures, hallLamp: lamps.rows[0]!.total };
    };
    const full = await read(100, '12h');
    const half = await read(50, '12h');
    // 2 hours × 4 quarters × 600 s on, linear dimming (the plain lamp's element): 40 W × 50 % = 20 W while on;
    // standby 0.5 W in the 08:00 hour and the 1,200 s off of each later hour, as at 100 %.
    const standby = 0.5 + (2 * 0.5 * 1200) / 3600;
    expect(full.figures.bySource.estimate).toBeCloseTo(standby + (2 * 40 * 2400) / 3600, 3);
    expect(half.figures.bySource.estimate).toBeCloseTo(standby + (2 * 20 * 2400) / 3600, 3);
    expect(full.figures.bySource.estimate - half.figures.bySource.estimate).toBeCloseTo(26.667, 3);
    // The D4i lamp's measured energy does not move; the heat map draws the same estimate.
    expect(half.figures.bySource.d4i).toBe(160);
    expect(half.hallLamp).toBeCloseTo(half.figures.bySource.estimate, 3);
    // A 30-day period reads whole days from the daily rollups: the same figure.
    expect((await read(50, '30d')).figures.bySource.estimate).toBeCloseTo(half.figures.bySource.estimate, 3);
    expect(half.figures.assumptions).toEqual([
      { key: 'nominalPower', params: { watts: 40 } },
      { key: 'estimatedLuminaires', params: { count: 1 } },
      { key: 'reportedLevels', params: { count: 1 } },
      { key: 'proportionalPower', params: {} },
      { key: 'standbyDefault', params: { watts: 0.5 } },
    ]);
  });

  it('does not count a counter declared D4i by a luminaire without D4i banks: it is estimated', async () => {
    const honest = await meteredNetwork(t, clients);
    const declared = await meteredNetwork(t, clients, { declaresD4i: true });
    const figures = async (w: typeof honest) =>
      (
        (await call(t.app, 'networkEnergy', { nid: w.network.id, span: '12h', until }, w.owner.session)).body
          .data as NetworkEnergy
      ).figures;
    const [a, b] = [await figures(honest), await figures(declared)];
    // The plain lamp's 10 Wh a quarter are neither D4i nor metered energy: D4i stays the D4i lamp's 160 Wh,
    // and the plain lamp is estimated as if it had sent no counter.
    expect(b.bySource).toEqual(a.bySource);
    expect(b.bySource.d4i).toBe(160);
    expect(b.assumptions).toEqual(a.assumptions);
    const rows = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.deviceId, declared.plain.id));
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.energyRaw === null && row.energyStatus === 'notD4i' && row.deltaWh === null)).toBe(
      true,
    );
  });

  it('draws zone and device heat maps whose cells add up to the overview', async () => {
    const w = await meteredNetwork(t, clients);
    const overview = (await call(t.app, 'networkEnergy', { nid: w.network.id, span: '1d', until }, w.owner.session))
      .body.data as NetworkEnergy;
    const power = (await call(t.app, 'zoneHeatPower', { nid: w.network.id, span: '1d', until }, w.owner.session)).body
      .data as HeatMap;
    expect(power.unit).toBe('Wh');
    expect(power.rows.map((row) => row.name)).toEqual(['Office', 'Hall']);
    const office = power.rows[0]!;
    expect(office.cells).toHaveLength(168);
    // Thursday 09:00 and 10:00 (London = UTC in November): cells 81 and 82.
    expect(office.cells[81]).toBe(80);
    expect(office.cells[82]).toBe(80);
    expect(office.cells.reduce((a, b) => a + b, 0)).toBe(office.total);
    const total = power.rows.reduce((sum, row) => sum + row.total, 0);
    expect(total).toBeCloseTo(overview.figures.energyWh, 2);
    expect(power.frames.reduce((sum, frame) => sum + frame.values.reduce((a, b) => a + b, 0), 0)).toBeCloseTo(total, 2);
    // The office light stayed on in the second hour while its sensor saw nobody.
    expect(office.litUnoccupiedCells[82]).toBe(80);
    expect(office.litUnoccupiedCells[81]).toBe(0);

    const sensors = (await call(t.app, 'zoneHeatSensor', { nid: w.network.id, span: '1d', until }, w.owner.session))
      .body.data as HeatMap;
    expect(sensors.unit).toBe('count');
    expect(sensors.rows[0]).toMatchObject({ name: 'Office', total: 8 });
    expect(sensors.rows[0]!.cells[81]).toBe(8);
    expect(sensors.rows[0]!.cells[82]).toBe(0);
    // Sensor maps count the hours a luminaire of the zone was on while the sensor saw nobody.
    expect(sensors.rows[0]!.litUnoccupiedCells[82]).toBe(1);
    expect(sensors.rows[0]!.litUnoccupiedCells[81]).toBe(0);

    const lamps = (
      await call(t.app, 'deviceHeatPower', { nid: w.network.id, span: '1d', until, zid: w.hall.id }, w.owner.session)
    ).body.data as HeatMap;
    expect(lamps.rows.map((row) => row.id)).toEqual([w.plain.id]);
    expect(lamps.rows[0]!.bySource.estimate).toBeCloseTo(lamps.rows[0]!.total, 3);
    const sensorRows = (
      await call(t.app, 'deviceHeatSensor', { nid: w.network.id, span: '1d', until }, w.owner.session)
    ).body.data as HeatMap;
    expect(sensorRows.rows.map((row) => [row.id, row.total])).toEqual([[w.sensor.id, 8]]);
  });

  it('lists the portfolio per project with this month against last month', async () => {
    const w = await meteredNetwork(t, clients);
    const reply = await call(t.app, 'portfolio', {}, w.owner.session);
    expect(reply.body.code).toBe(Code.ok);
    const project = (reply.body.data as Portfolio).projects.find((p) => p.id === w.owner.pid)!;
    expect(project).toMatchObject({ networks: 1, currency: 'GBP', devicesOffline: 0, devicesFault: 0 });
    expect(project.sparkline).toHaveLength(30);
    // The test clock is real time: the readings of 26 November 2026 count in their own month only.
    const now = new Date();
    const inThisMonth = now.getUTCFullYear() === 2026 && now.getUTCMonth() === 10;
    if (inThisMonth) expect(project.thisMonth.energyWh).toBeGreaterThan(160);
    expect(project.thisMonth.energyWh + project.lastMonth.energyWh).toBeGreaterThanOrEqual(0);
  });

  describe('access and input', () => {
    it('answers every member, refuses strangers and missing networks (1013) and bad periods (1001)', async () => {
      const w = await meteredNetwork(t, clients);
      for (const name of [
        'zoneHeatSensor',
        'zoneHeatPower',
        'deviceHeatSensor',
        'deviceHeatPower',
        'networkEnergy',
      ] as const) {
        for (const who of [w.owner, w.installer, w.sub]) {
          expect((await call(t.app, name, { nid: w.network.id, span: '7d' }, who.session)).body.code, name).toBe(
            Code.ok,
          );
        }
        expect((await call(t.app, name, { nid: w.network.id, span: '7d' }, w.stranger.session)).body.code).toBe(
          Code.noPermission,
        );
        expect((await call(t.app, name, { nid: 999_999, span: '7d' }, w.owner.session)).body.code).toBe(
          Code.noPermission,
        );
        for (const bad of [{ span: '2d' }, { span: '7d', until: -5 }, {}]) {
          expect((await call(t.app, name, { nid: w.network.id, ...bad }, w.owner.session)).body.code).toBe(
            Code.badInput,
          );
        }
        expect((await call(t.app, name, { nid: w.network.id, span: '7d' })).body.code).toBe(Code.sessionInvalid);
      }
      const strangers = (await call(t.app, 'portfolio', {}, w.stranger.session)).body.data as Portfolio;
      expect(strangers.projects.some((project) => project.id === w.owner.pid)).toBe(false);
    });
  });
});
