import { Code, type HeatMap, type NetworkEnergy } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, officeAndHall, type TestApp } from '../../../test/helpers.ts';
import { buildGateway } from '../../../test/mqtt/fake-gateway.ts';
import { devices, networks } from '../../db/schema.ts';
import { storeReports } from '../../telemetry/index.ts';

/** 24 November 2026, 12:00 in London (UTC in winter). */
const NOW = Date.UTC(2026, 10, 24, 12) / 1000;
/** Readings every 20 minutes from 20 November 00:00 to 23 November 00:00. */
const FROM = Date.UTC(2026, 10, 20) / 1000;
const UNTIL = Date.UTC(2026, 10, 23) / 1000;
const STEP = 1200;
/** Six estimated luminaires (no meter, no D4i driver) with rated powers that leave fractions of a mWh. */
const RATED = [37, 41, 53, 29, 61, 43];
const mac = (index: number) => `DD00000000${String(index + 10)}`;

/** Whole mWh of a figure in Wh. */
const mWh = (wh: number) => Math.round(wh * 1000);

describeApi('dimmed estimates add up the same on the overview and on the heat maps', () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof networkTeam>>;
  let zoneIds: number[];
  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = NOW * 1000 - Date.now();
    team = await networkTeam(t);
    const nid = team.network.id;
    await t.db.update(networks).set({ timeZone: 'Europe/London' }).where(eq(networks.id, nid));
    const { gateway, sn } = await buildGateway(t.db, nid);
    const lamps = await t.db
      .insert(devices)
      .values(
        RATED.map((ratedPower, index) => ({
          nid,
          gatewayId: gateway.id,
          kind: 'luminaire',
          name: `Lamp ${index + 1}`,
          model: 'LW-DT6',
          mac: mac(index),
          address: index + 1,
          ratedPower,
        })),
      )
      .returning();
    const { office, hall } = await officeAndHall(t.db, nid, {
      office: lamps.slice(0, 3).map((lamp) => lamp.id),
      hall: lamps.slice(3).map((lamp) => lamp.id),
    });
    zoneIds = [office.id, hall.id];
    // Each lamp on for part of each 20 minutes at a level that changes from reading to reading.
    const reports = [];
    for (let at = FROM, seq = 1; at < UNTIL; at += STEP, seq++) {
      reports.push({
        kind: 'readings' as const,
        seq,
        at,
        devices: RATED.map((_, index) => ({
          mac: mac(index),
          elements: [
            {
              index: 0,
              onSeconds: (seq * 37 + index * 211) % (STEP + 1),
              meanLightness: ((seq * 7 + index * 13) % 97) + 3,
            },
          ],
        })),
      });
    }
    await storeReports(t.db, [{ gateway: { id: gateway.id, nid, sn }, reports }], new Date(UNTIL * 1000));
  });
  afterAll(() => t.close());

  it("gives each map's cells their rows' totals, and the overview's figures to the mWh", async () => {
    const nid = team.network.id;
    const session = team.owner.session;
    const payload = { nid, span: '7d', until: UNTIL } as const;
    const overview = await call(t.app, 'networkEnergy', payload, session);
    expect(overview.body.code).toBe(Code.ok);
    const energy = overview.body.data as NetworkEnergy;
    expect(energy.figures.bySource.estimate).toBeGreaterThan(0);
    const heat = async (name: 'deviceHeatPower' | 'zoneHeatPower', zid?: number) => {
      const reply = await call(t.app, name, zid === undefined ? payload : { ...payload, zid }, session);
      expect(reply.body.code).toBe(Code.ok);
      return reply.body.data as HeatMap;
    };
    /** A map's sum of every cell and of its rows' totals, in whole mWh. */
    const sums = (map: HeatMap) => ({
      cells: map.rows.reduce((sum, row) => sum + row.cells.reduce((a, cell) => a + mWh(cell), 0), 0),
      rows: map.rows.reduce((sum, row) => sum + mWh(row.total), 0),
    });
    const devicesMap = await heat('deviceHeatPower');
    const total = mWh(energy.figures.energyWh);
    expect(sums(devicesMap)).toEqual({ cells: total, rows: total });
    // Each row's cells are its total, and its sources its total too.
    for (const row of devicesMap.rows) {
      expect(
        row.cells.reduce((a, cell) => a + mWh(cell), 0),
        row.name,
      ).toBe(mWh(row.total));
      expect(mWh(row.bySource.estimate), row.name).toBe(mWh(row.total));
    }
    const zonesMap = await heat('zoneHeatPower');
    expect(sums(zonesMap)).toEqual({ cells: total, rows: total });
    for (const zid of zoneIds) {
      const zone = energy.zones.find((other) => other.id === zid)!;
      expect(mWh(zonesMap.rows.find((row) => row.id === zid)!.total), zone.name).toBe(mWh(zone.energyWh));
      // The devices' map of one zone: its luminaires add up to the zone's figure on the overview.
      const inZone = sums(await heat('deviceHeatPower', zid));
      expect(inZone, zone.name).toEqual({ cells: mWh(zone.energyWh), rows: mWh(zone.energyWh) });
    }
  });
});
