import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { devices, networks } from '../src/db/schema.ts';
import { rollupMonths, storeReports } from '../src/telemetry/index.ts';
import { buildD4iElements, buildTestApp, describeApi, networkTeam, type TestApp } from './helpers.ts';
import { buildGateway } from './mqtt/fake-gateway.ts';

const MIGRATION = new URL('../src/db/migrations/0030_d4i_readings.sql', import.meta.url);
const at = (iso: string) => Date.parse(iso) / 1000;
/** 2 March 2026: January and February have ended. */
const NOW = new Date('2026-03-02T12:00:00Z');
const TABLES = ['telemetry_hourly', 'telemetry_daily', 'telemetry_monthly', 'telemetry_cells_monthly'];

/** The counted counter readings of `ids` in each rollup table, and the networks' cell marks. */
async function countsOf(t: TestApp, ids: number[], nids: number[]) {
  const list = sql.param(ids);
  const table = (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(t.db, query);
  const counts = 'd4i_readings, meter_readings, d4i_wh::float8 AS d4i_wh, meter_wh::float8 AS meter_wh';
  return {
    hours: await table(
      sql`SELECT device_id, hour::text AS hour, ${sql.raw(counts)} FROM telemetry_hourly
          WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2`,
    ),
    days: await table(
      sql`SELECT device_id, day::text AS day, ${sql.raw(counts)} FROM telemetry_daily
          WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2`,
    ),
    months: await table(
      sql`SELECT device_id, month::text AS month, stale, ${sql.raw(counts)} FROM telemetry_monthly
          WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2`,
    ),
    cells: await table(
      sql`SELECT device_id, month::text AS month, cell, lit_unoccupied, ${sql.raw(counts)}
          FROM telemetry_cells_monthly WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2, 3, 4`,
    ),
    marks: await table(
      sql`SELECT nid, built_until::text AS built_until, cells_until::text AS cells_until FROM telemetry_month_marks
          WHERE nid = ANY(${sql.param(nids)}::int[]) ORDER BY 1`,
    ),
  };
}

describeApi('rollups summed before counter readings were counted (migration 0030)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = NOW.getTime() - Date.now();
  });
  afterAll(() => t.close());

  it('get the counted D4i and meter readings still stored, a counter that counted 0 Wh included', async () => {
    const ids: number[] = [];
    const nids: number[] = [];
    // Berlin (days made of whole UTC hours) and Kolkata (+05:30: days summed from the readings).
    for (const zone of ['Europe/Berlin', 'Asia/Kolkata']) {
      const { network } = await networkTeam(t);
      nids.push(network.id);
      await t.db.update(networks).set({ timeZone: zone }).where(eq(networks.id, network.id));
      const { gateway, sn } = await buildGateway(t.db, network.id);
      const base = { nid: network.id, gatewayId: gateway.id };
      const [lamp, meter] = await t.db
        .insert(devices)
        .values([
          { ...base, kind: 'luminaire', name: 'Lamp', model: 'LW-D4I', mac: 'CE0000000001', ratedPower: 60 },
          { ...base, kind: 'luminaire', name: 'Metered', model: 'LW-M', mac: 'CE0000000002', ratedPower: 60 },
        ])
        .returning();
      await buildD4iElements(t.db, [lamp!.id]);
      ids.push(lamp!.id, meter!.id);
      // Every 15 minutes from 31 January 18:00 UTC to 1 February 21:00 (across both months): the D4i counter
      // never moves, the meter counts 5 Wh a quarter until 1 February 06:00, then stops.
      const reports = [];
      let seq = 0;
      for (let step = at('2026-01-31T18:00:00Z'); step <= at('2026-02-01T21:00:00Z'); step += 900) {
        seq += 1;
        const meterRaw = 2000 + 5 * Math.min(seq, 49);
        reports.push({
          kind: 'readings' as const,
          seq,
          at: step,
          devices: [
            {
              mac: 'CE0000000001',
              elements: [{ index: 0, energy: { raw: 1000, scale: 0, serial: 'D', source: 'd4i' as const } }],
            },
            {
              mac: 'CE0000000002',
              elements: [{ index: 0, energy: { raw: meterRaw, scale: 0, serial: 'M', source: 'meter' as const } }],
            },
          ],
        });
      }
      await storeReports(t.db, [{ gateway: { id: gateway.id, nid: network.id, sn }, reports }], NOW);
    }
    await rollupMonths(t.db, NOW);
    const filed = await countsOf(t, ids, nids);
    // The flat counter's hours count its readings, with 0 Wh.
    expect(filed.hours.filter((row) => row.d4i_readings === 4 && row.d4i_wh === 0)).not.toHaveLength(0);
    expect(filed.months.map((row) => row.month)).toContain('2026-01-01');
    expect(filed.cells).not.toHaveLength(0);
    expect(filed.marks.map((row) => row.cells_until)).toEqual(['2026-03-01', '2026-03-01']);

    // As summed before: nothing counted.
    for (const table of TABLES) {
      await t.db.execute(
        sql`UPDATE ${sql.raw(table)} SET d4i_readings = 0, meter_readings = 0 WHERE device_id = ANY(${sql.param(ids)}::int[])`,
      );
    }
    expect((await countsOf(t, ids, nids)).hours).not.toEqual(filed.hours);
    const statements = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => !statement.includes('ADD COLUMN'));
    for (const statement of statements) await t.db.execute(sql.raw(statement));
    const migrated = await countsOf(t, ids, nids);
    expect(migrated.hours).toEqual(filed.hours);
    expect(migrated.days).toEqual(filed.days);
    expect(migrated.months).toEqual(filed.months);
    // The heat-map cells from January on are left to the month job, which sums them again.
    expect(migrated.marks.map((row) => row.cells_until)).toEqual(['2026-01-01', '2026-01-01']);
    await rollupMonths(t.db, NOW);
    const summed = await countsOf(t, ids, nids);
    expect(summed.cells).toEqual(filed.cells);
    expect(summed.marks).toEqual(filed.marks);
  });
});
