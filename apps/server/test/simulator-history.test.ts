import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type HeatMap, type NetworkEnergy } from '@lightwell/domain';
import { SimGateway, Ticker } from '@lightwell/simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { devices, gateways, nodes, zones } from '../src/db/schema.ts';
import { hashGatewaySecret } from '../src/gateway-link/credentials.ts';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from './helpers.ts';
import { waitFor } from './mqtt/fake-gateway.ts';
import { simulatedGateway } from './support/simulated-gateway.ts';

const DAY = 86_400_000;
/** The simulator's office day is in the local time of its process; the network uses the same zone. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Local midnight starting the most recent Monday before now. */
function lastMonday(): Date {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  while (day.getDay() !== 1 || day.getTime() > Date.now() - DAY) day.setDate(day.getDate() - 1);
  return day;
}

// Office luminaires 9-13 (10 is sometimes left on; 9 and 10 with D4i drivers, the others without), its
// motion sensor 14, a corridor luminaire 15 (without D4i).
const OFFICE = [9, 10, 11, 12, 13];
const D4I = [9, 10];
const mac = (address: number) => `AD00000000${address.toString(16).padStart(2, '0')}`.toUpperCase();

describeApi('a simulated gateway’s history reaches the energy overview', () => {
  let t: TestApp;
  let gateway: SimGateway | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('stores two days (Sunday and Monday) of history: Monday uses far more, D4i drivers measured, the rest estimated', async () => {
    const { network, owner } = await networkTeam(t);
    await t.db.execute(sql`UPDATE networks SET time_zone = ${TIME_ZONE} WHERE id = ${network.id}`);
    // The fast ticker sends the history's windows quickly; no live readings, so only history is stored.
    ({ gateway } = await simulatedGateway(
      t,
      network.id,
      {
        devices: [
          ...OFFICE.map((address) => ({
            mac: mac(address),
            address,
            kind: D4I.includes(address) ? ('d4i' as const) : ('dt6' as const),
            model: D4I.includes(address) ? 'M-D4I' : 'M-DT6',
            ratedPower: 40,
          })),
          { mac: mac(14), address: 14, kind: 'motionSensor', model: 'M-PIR' },
          { mac: mac(15), address: 15, kind: 'dt6', model: 'M-DT6', ratedPower: 20 },
        ],
      },
      'gw-history',
    ));
    gateway.start();
    await gateway.whenConnected();
    const stored = async () => await t.db.select().from(devices).where(eq(devices.nid, network.id));
    const found = await waitFor(
      async () => ((await stored()).length === 7 ? stored() : undefined),
      10_000,
      'inventory',
    );
    const idOf = (address: number) => found.find((device) => device.mac === mac(address))!.id;
    // The installer enters the rated power of the luminaires the console estimates (an inventory carries none).
    for (const address of [...OFFICE, 15]) {
      await t.db
        .update(devices)
        .set({ ratedPower: address === 15 ? 20 : 40 })
        .where(eq(devices.id, idOf(address)));
    }
    const [office, corridor] = await t.db
      .insert(zones)
      .values([
        { nid: network.id, name: 'Office', points: [] },
        { nid: network.id, name: 'Corridor', points: [] },
      ])
      .returning();
    await t.db.insert(nodes).values([
      ...[...OFFICE, 14].map((address) => ({
        nid: network.id,
        zoneId: office!.id,
        name: `N${address}`,
        rid: idOf(address),
      })),
      { nid: network.id, zoneId: corridor!.id, name: 'N15', rid: idOf(15) },
    ]);

    const monday = lastMonday();
    const until = monday.getTime() + DAY;
    const fill = gateway.fillHistory(2 * DAY, until);
    expect(fill.reports).toBe(2 * 96);
    await waitFor(async () => (gateway!.historyPending ? undefined : true), 60_000, 'history stored');

    const reply = await call(
      t.app,
      'networkEnergy',
      { nid: network.id, span: '7d', until: Math.floor(until / 1000) - 1 },
      owner.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    const data = reply.body.data as NetworkEnergy;
    const dayTotal = (start: number) =>
      data.series
        .filter((frame) => frame.start * 1000 >= start && frame.start * 1000 < start + DAY)
        .reduce((sum, frame) => sum + frame.bySource.d4i + frame.bySource.meter + frame.bySource.estimate, 0);
    const sunday = dayTotal(monday.getTime() - DAY);
    const weekday = dayTotal(monday.getTime());
    expect(sunday).toBeGreaterThan(0);
    expect(weekday).toBeGreaterThan(2 * sunday);
    // The D4i drivers' counters continued (nothing quarantined); the four luminaires without one are
    // estimated from the levels they reported; nothing is metered.
    expect(data.figures.quarantinedWh).toBe(0);
    expect(data.figures.bySource.meter).toBe(0);
    expect(data.figures.bySource.d4i).toBeGreaterThan(0);
    expect(data.figures.bySource.estimate).toBeGreaterThan(0);
    expect(data.figures.bySource.d4i + data.figures.bySource.estimate).toBeCloseTo(data.figures.energyWh, 2);
    expect(data.figures.assumptions).toContainEqual({ key: 'estimatedLuminaires', params: { count: 4 } });
    expect(data.figures.assumptions).toContainEqual({ key: 'reportedLevels', params: { count: 4 } });
    expect(data.figures.assumptions.map((item) => item.key)).not.toContain('fullLevelAssumed');
    const lamps = (
      await call(
        t.app,
        'deviceHeatPower',
        { nid: network.id, span: '7d', until: Math.floor(until / 1000) - 1, zid: office!.id },
        owner.session,
      )
    ).body.data as HeatMap;
    for (const address of OFFICE) {
      const row = lamps.rows.find((candidate) => candidate.id === idOf(address))!;
      const source = D4I.includes(address) ? 'd4i' : 'estimate';
      expect(row.bySource[source], `luminaire ${address}`).toBeCloseTo(row.total, 3);
    }
    expect(data.figures.energyWh).toBeCloseTo(sunday + weekday, 2);
    const zoneTotal = data.zones.reduce((sum, zone) => sum + zone.energyWh, 0);
    expect(zoneTotal).toBeCloseTo(data.figures.energyWh, 2);
    // The corridor is lit at night too, the office's sensor triggered while people were in.
    expect(data.zones.find((zone) => zone.name === 'Corridor')!.energyWh).toBeGreaterThan(0);
    expect(data.zones.find((zone) => zone.name === 'Office')!.triggers).toBeGreaterThan(0);
  });

  it('a history cut short by a stop continues at the next start: every quarter hour stored once', async () => {
    const { network } = await networkTeam(t);
    await t.db.execute(sql`UPDATE networks SET time_zone = ${TIME_ZONE} WHERE id = ${network.id}`);
    const sn = `gw-resume-${randomBytes(4).toString('hex')}`;
    const secret = randomBytes(12).toString('hex');
    const [row] = await t.db
      .insert(gateways)
      .values({ nid: network.id, sn, name: sn, secretHash: hashGatewaySecret(secret) })
      .returning();
    const stateDir = mkdtempSync(join(tmpdir(), 'lw-history-'));
    const simulated = () =>
      new SimGateway({
        sn,
        secret,
        brokerUrl: t.brokerUrl,
        ticker: new Ticker(50, 100),
        reportPeriodMs: 0,
        sensorMeanMs: 0,
        latencyMs: 0,
        stateDir,
        devices: [...OFFICE, 15].map((address) => ({
          mac: mac(address),
          address,
          kind: 'd4i' as const,
          model: 'M-D4I',
          ratedPower: 40,
        })),
      });
    const first = simulated();
    first.start();
    await first.whenConnected();
    await waitFor(
      async () =>
        (await t.db.select().from(devices).where(eq(devices.nid, network.id))).length === 6 ? true : undefined,
      10_000,
      'inventory',
    );
    const readings = async () =>
      (
        await rowsOf<{ n: number; slots: number }>(
          t.db,
          sql`SELECT count(*)::int AS n, count(DISTINCT (device_id, at))::int AS slots FROM telemetry_readings
              WHERE gateway_id = ${row!.id}`,
        )
      )[0]!;
    // Four days: 384 reports of 6 devices, numbered about 1,000 readings at a time.
    expect(first.fillHistory(4 * DAY, lastMonday().getTime() + DAY).reports).toBe(4 * 96);
    await waitFor(async () => ((await readings()).n > 0 ? true : undefined), 60_000, 'a first window stored');
    await first.stop();
    // Stopped with history still to number: it is kept beside the replay buffer.
    expect(existsSync(join(stateDir, `${sn}.history.json`))).toBe(true);
    expect((await readings()).n).toBeLessThan(4 * 96 * 6);

    gateway = simulated();
    gateway.start();
    await gateway.whenConnected();
    const all = 4 * 96 * 6;
    await waitFor(async () => ((await readings()).n === all ? true : undefined), 60_000, 'the rest stored');
    expect(await readings()).toEqual({ n: all, slots: all });
    expect(existsSync(join(stateDir, `${sn}.history.json`))).toBe(false);
    // One counter chain per luminaire: a baseline at the start, every later quarter counted.
    const statuses = await rowsOf(
      t.db,
      sql`SELECT delta_status AS status, count(*)::int AS n FROM telemetry_readings
          WHERE gateway_id = ${row!.id} GROUP BY 1 ORDER BY 1`,
    );
    expect(statuses).toEqual([
      { status: 'baseline', n: 6 },
      { status: 'counted', n: all - 6 },
    ]);
  });
});
