import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { deviceElements, devices, networks } from '../src/db/schema.ts';
import { applyCountedReports, rollupMonths, storeReports } from '../src/telemetry/index.ts';
import { buildD4iElements, buildTestApp, describeApi, networkTeam, post, type TestApp } from './helpers.ts';
import { buildGateway } from './mqtt/fake-gateway.ts';

const MIGRATION = new URL('../src/db/migrations/0026_half_open_hours.sql', import.meta.url);
const at = (iso: string) => Date.parse(iso) / 1000;
/** 2 March 2026: January and February have ended. */
const NOW = new Date('2026-03-02T12:00:00Z');

/**
 * Each table's rows of `ids`, in a comparable form: hours, days, months, heat-map cells and the sensors'
 * trigger counts.
 */
async function rollupsOf(t: TestApp, ids: number[]) {
  const list = sql.param(ids);
  const table = (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(t.db, query);
  const sums = `energy_wh::float8 AS energy_wh, d4i_wh::float8 AS d4i_wh, meter_wh::float8 AS meter_wh,
    quarantined_wh::float8 AS quarantined_wh, on_seconds::int AS on_seconds, triggers::int AS triggers,
    occupied_seconds::int AS occupied_seconds, readings::int AS readings, spread_wh::float8 AS spread_wh`;
  const counts = `hours_reported, hours_meter, hours_d4i, on_capped_seconds::int AS on_capped_seconds`;
  return {
    hours: await table(
      sql`SELECT device_id, hour::text AS hour, ${sql.raw(sums)} FROM telemetry_hourly
          WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2`,
    ),
    days: await table(
      sql`SELECT device_id, day::text AS day, ${sql.raw(sums)}, ${sql.raw(counts)} FROM telemetry_daily
          WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2`,
    ),
    months: await table(
      sql`SELECT device_id, month::text AS month, stale, ${sql.raw(sums)}, ${sql.raw(counts)} FROM telemetry_monthly
          WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2`,
    ),
    cells: await table(
      sql`SELECT device_id, month::text AS month, cell, lit_unoccupied, triggers::int AS triggers,
            on_seconds::int AS on_seconds, d4i_wh::float8 AS d4i_wh, hours
          FROM telemetry_cells_monthly WHERE device_id = ANY(${list}::int[]) ORDER BY 1, 2, 3, 4`,
    ),
    counts: await table(sql`SELECT id, sensor_trigger_count FROM devices WHERE id = ANY(${list}::int[]) ORDER BY id`),
  };
}

/**
 * Rewrites the rollups of `ids` as the console filed them before the rule: a reading in the hour and local
 * date holding the instant just before its stamp, trigger reports out of the rollups (counted beside them),
 * and the months and their cells summed again from those days.
 */
async function fileAsBefore(t: TestApp, ids: number[], nids: number[]) {
  const list = sql.param(ids);
  const sums = sql`coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL), 0),
    coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL AND r.energy_source = 'd4i'), 0),
    coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL AND r.energy_source = 'meter'), 0),
    coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'quarantined'), 0),
    coalesce(sum(r.on_seconds), 0), coalesce(sum(r.triggers), 0), coalesce(sum(r.occupied_seconds), 0), count(*),
    coalesce(sum(coalesce(r.rated_seconds, r.on_seconds)), 0),
    coalesce(sum(r.on_seconds) FILTER (WHERE r.mean_lightness IS NOT NULL), 0), 0`;
  const columns = sql`energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds, triggers, occupied_seconds, readings,
    rated_seconds, level_seconds, spread_wh`;
  await t.db.execute(sql`DELETE FROM telemetry_hourly WHERE device_id = ANY(${list}::int[])`);
  await t.db.execute(
    sql`INSERT INTO telemetry_hourly (device_id, hour, ${columns})
        SELECT r.device_id, to_timestamp(floor(extract(epoch FROM r.at - interval '1 millisecond') / 3600) * 3600), ${sums}
        FROM telemetry_readings r WHERE r.device_id = ANY(${list}::int[]) GROUP BY 1, 2`,
  );
  await t.db.execute(sql`DELETE FROM telemetry_daily WHERE device_id = ANY(${list}::int[])`);
  await t.db.execute(
    sql`INSERT INTO telemetry_daily (device_id, day, ${columns})
        SELECT r.device_id, ((r.at - interval '1 millisecond') AT TIME ZONE n.time_zone)::date, ${sums}
        FROM telemetry_readings r JOIN devices d ON d.id = r.device_id JOIN networks n ON n.id = d.nid
        WHERE r.device_id = ANY(${list}::int[]) GROUP BY 1, 2`,
  );
  await t.db.execute(
    sql`UPDATE telemetry_daily t SET (hours_reported, hours_meter, hours_d4i, on_capped_seconds, rated_capped_seconds) = (
          SELECT count(*) FILTER (WHERE h.readings > 0), count(*) FILTER (WHERE h.meter_wh > 0),
            count(*) FILTER (WHERE h.d4i_wh > 0), coalesce(sum(least(h.on_seconds, 3600)) FILTER (WHERE h.readings > 0), 0),
            coalesce(sum(CASE WHEN h.readings = 0 THEN 0 WHEN h.on_seconds > 3600
              THEN h.rated_seconds * 3600 / h.on_seconds ELSE h.rated_seconds END), 0)
          FROM telemetry_hourly h JOIN devices d ON d.id = h.device_id JOIN networks n ON n.id = d.nid
          WHERE h.device_id = t.device_id AND (h.hour AT TIME ZONE n.time_zone)::date = t.day)
        WHERE t.device_id = ANY(${list}::int[])`,
  );
  await t.db.execute(
    sql`UPDATE devices d SET sensor_trigger_count =
          (SELECT coalesce(sum(t.triggers), 0) FROM telemetry_daily t WHERE t.device_id = d.id)
          + (SELECT coalesce(sum((x.value->>'count')::bigint), 0) FROM device_readings x
             WHERE x.device_id = d.id AND x.kind = 'sensorTrigger'
               AND NOT EXISTS (SELECT 1 FROM telemetry_readings r WHERE r.gateway_id = x.gateway_id
                 AND r.seq = x.seq AND r.device_id = x.device_id AND r.triggers IS NOT NULL))
        WHERE d.id = ANY(${list}::int[])`,
  );
  await t.db.execute(sql`DELETE FROM telemetry_monthly WHERE device_id = ANY(${list}::int[])`);
  await t.db.execute(sql`DELETE FROM telemetry_cells_monthly WHERE device_id = ANY(${list}::int[])`);
  await t.db.execute(sql`DELETE FROM telemetry_month_marks WHERE nid = ANY(${sql.param(nids)}::int[])`);
  await rollupMonths(t.db, NOW);
}

describeApi('rollups filed before the half-open rule (migration 0026)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = NOW.getTime() - Date.now();
  });
  afterAll(() => t.close());

  it('come out as the rule files them: readings on the hour or at local midnight move on, trigger reports join', async () => {
    const ids: number[] = [];
    const nids: number[] = [];
    // Berlin (UTC+1: local midnight on a whole UTC hour) and Kolkata (+05:30: local midnight at hh:30 UTC).
    for (const [zone, midnight] of [
      ['Europe/Berlin', at('2026-01-31T23:00:00Z')],
      ['Asia/Kolkata', at('2026-01-31T18:30:00Z')],
    ] as const) {
      const { network } = await networkTeam(t);
      nids.push(network.id);
      await t.db.update(networks).set({ timeZone: zone }).where(eq(networks.id, network.id));
      const { gateway, sn, secret } = await buildGateway(t.db, network.id);
      const base = { nid: network.id, gatewayId: gateway.id };
      const [lamp, sensor] = await t.db
        .insert(devices)
        .values([
          { ...base, kind: 'luminaire', name: 'Lamp', model: 'LW-D4I', mac: 'CD0000000001', ratedPower: 60 },
          { ...base, kind: 'motionSensor', name: 'PIR', model: 'LW-PIR', mac: 'CD0000000002' },
        ])
        .returning();
      await buildD4iElements(t.db, [lamp!.id]);
      await t.db.insert(deviceElements).values({ deviceId: sensor!.id, index: 0, type: 20 });
      ids.push(lamp!.id, sensor!.id);
      const reporting = { id: gateway.id, nid: network.id, sn };
      // Every 15 minutes from 21:00 UTC on 31 January to 21:00 on 1 February, and on the hour of local midnight.
      const reports = [];
      let seq = 1;
      for (let step = at('2026-01-31T21:00:00Z'); step <= at('2026-02-01T21:00:00Z'); step += 900) {
        seq += 1;
        reports.push({
          kind: 'readings' as const,
          seq,
          at: step,
          devices: [
            {
              mac: 'CD0000000001',
              elements: [
                {
                  index: 0,
                  energy: { raw: 1000 + seq * 5, scale: 0, serial: 'D', source: 'd4i' as const },
                  onSeconds: 900,
                },
              ],
            },
            { mac: 'CD0000000002', elements: [{ index: 0, triggers: seq % 3, occupiedSeconds: 60 }] },
          ],
        });
      }
      reports.push({
        kind: 'readings' as const,
        seq: 500,
        at: midnight,
        devices: [{ mac: 'CD0000000002', elements: [{ index: 0, triggers: 4 }] }],
      });
      await storeReports(t.db, [{ gateway: reporting, reports }], NOW);
      // Trigger reports: on the hour, a second before it, at local midnight; one section-7 call with readings.
      for (const [index, stamp] of [at('2026-01-31T22:00:00Z'), at('2026-01-31T21:59:59Z'), midnight].entries()) {
        const report = {
          kind: 'sensorTrigger' as const,
          seq: 600 + index,
          mac: 'CD0000000002',
          at: stamp,
          count: index + 2,
        };
        await applyCountedReports(t.db, [{ gateway: reporting, report }], NOW);
      }
      const call = { uid: sn, token: secret, mac: 'CD0000000002', at: at('2026-02-01T10:00:00Z'), count: 3, seq: 700 };
      const reply = await post(t.app, '/SigMesh/report/sensor/trigger', {
        ...call,
        elements: [{ index: 0, triggers: 3 }],
      });
      expect(reply.body.code).toBe(0);
    }
    await rollupMonths(t.db, NOW);
    const filed = await rollupsOf(t, ids);
    expect(filed.months.filter((row) => row.month === '2026-01-01' || row.month === '2026-02-01')).not.toHaveLength(0);

    await fileAsBefore(t, ids, nids);
    const before = await rollupsOf(t, ids);
    expect(before.hours).not.toEqual(filed.hours);
    expect(before.days).not.toEqual(filed.days);
    expect(before.cells).not.toEqual(filed.cells);
    expect(before.counts).toEqual(filed.counts);

    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    for (const statement of statements) await t.db.execute(sql.raw(statement));
    const migrated = await rollupsOf(t, ids);
    expect(migrated.hours).toEqual(filed.hours);
    expect(migrated.days).toEqual(filed.days);
    expect(migrated.counts).toEqual(filed.counts);
    // January and February changed (a day moved across their boundary; trigger reports joined): stale, until summed.
    expect(new Set(migrated.months.filter((row) => row.stale).map((row) => row.month))).toEqual(
      new Set(['2026-01-01', '2026-02-01']),
    );
    await rollupMonths(t.db, NOW);
    const summed = await rollupsOf(t, ids);
    expect(summed.months).toEqual(filed.months);
    expect(summed.cells).toEqual(filed.cells);
  });
});
