import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { ReadingRow } from './reading-rows.ts';
import {
  ADDED,
  atWithin,
  COLUMNS,
  DAY_COLUMNS,
  DAY_UPDATED,
  dayBucket,
  HOUR_COUNTS,
  HOURLY_SUMS,
  hourBucket,
  reportTriggers,
  SUMS,
  spreadShares,
  UPDATED,
} from './rollup-sql.ts';
import { refreshTriggers, reportedTwins, twinKey } from './trigger-counts.ts';

export { atWithin, RATED_CAPPED_SECONDS } from './rollup-sql.ts';

/*
 * Hourly (UTC) and daily (site-local date) rollups per device, recomputed for the buckets a write touched,
 * never incremented: hours from the raw readings and the trigger reports, days from the hours (where a
 * local day is made of whole UTC hours). A reading or a trigger report belongs to the bucket holding its
 * stamp `at`, every bucket half-open [start, end) (the domain's rule, packages/domain/src/energy/instants.ts:
 * a reading at 10:00:00.000 is the 10:00 hour's, one at 09:59:59.999 the 09:00 hour's); a counted delta
 * over a gap (`spread_from` set, deltas.ts) is spread over the gap's hours by time instead.
 */

/**
 * Adds new readings to their hours: the hourly columns are sums over the hour's readings, so an hour that
 * only gains readings (written in the same transaction, each counted once, none spread over a gap, no stored
 * delta moved) is its stored sums plus theirs, exactly what recomputing it from every reading gives. Reading a
 * whole hour back at each write cost as many rows as the hour held: a device reporting every second made the
 * hour's recompute read up to 3,600 rows per write (docs/decisions.md, "Ingest throughput").
 */
async function addToHours(db: Db, rows: ReadingRow[]): Promise<void> {
  const col = (map: (row: ReadingRow) => unknown) => sql.param(rows.map(map));
  await db.execute(
    sql`INSERT INTO telemetry_hourly (device_id, hour, ${COLUMNS})
        SELECT r.device_id, r.hour, ${SUMS}, 0
        FROM unnest(${col((row) => row.deviceId)}::int[], ${col((row) => hourBucket(row.at).toISOString())}::timestamptz[],
          ${col((row) => row.deltaWh)}::numeric[], ${col((row) => row.deltaStatus)}::text[],
          ${col((row) => row.energySource)}::text[], ${col((row) => row.onSeconds)}::int[],
          ${col((row) => row.ratedSeconds)}::numeric[], ${col((row) => row.meanLightness)}::numeric[],
          ${col((row) => row.triggers)}::int[], ${col((row) => row.occupiedSeconds)}::int[],
          ${col(() => null)}::timestamptz[])
          AS r(device_id, hour, delta_wh, delta_status, energy_source, on_seconds, rated_seconds, mean_lightness,
            triggers, occupied_seconds, spread_from)
        GROUP BY r.device_id, r.hour
        ON CONFLICT (device_id, hour) DO UPDATE SET ${ADDED}`,
  );
}

/**
 * Recomputes the hourly and daily rollups of the devices' buckets holding `times` (readings written or
 * whose delta changed, and an instant in each hour of a gap a delta is or was spread over), and the trigger
 * count and last trigger time of devices that got triggers. `zoneOf` is each device's network time zone.
 * A local day whose start and end fall on whole UTC hours (every zone with whole-hour offsets, DST days
 * included) is the sum of its hourly rows, just recomputed, spread energy included: about 24 rows however
 * often the device reports. Other days (offsets such as +05:30) cannot be summed from UTC hours (an hour
 * straddles two local dates), so they keep being summed from the readings, with the same spreading as the
 * hours: readings closing an unspread interval on the local date, plus each spread delta's share of the
 * local day's [start, end) by time (the same telescoping rounding, so a gap's days add up to its delta);
 * their hour counts are of the hours starting on the local date.
 * `appended` are the rows just written: an hour that only they touch gets their sums added (`addToHours`),
 * any other is recomputed; their days are recomputed either way.
 * `between` runs between the statements (PGlite yields there to the event loop).
 * A day of a month that had ended by `now` (in the device's zone) marks the device's month stale
 * (`markStaleMonths`).
 */
export async function recomputeRollups(
  db: Db,
  times: Map<number, Date[]>,
  triggered: Set<number>,
  zoneOf: Map<number, string>,
  between: () => Promise<void> = () => Promise.resolve(),
  appended: ReadingRow[] = [],
  now: Date = new Date(),
): Promise<void> {
  if (times.size === 0 && appended.length === 0) return;
  const hours = new Map<string, { deviceId: number; hour: string }>();
  const days = new Map<string, { deviceId: number; day: string; zone: string }>();
  const touch = (deviceId: number, at: Date, recompute: boolean) => {
    const zone = zoneOf.get(deviceId);
    if (!zone) return;
    const start = hourBucket(at);
    const hour = start.toISOString();
    if (recompute) hours.set(`${deviceId}:${hour}`, { deviceId, hour });
    // The day of the reading, and the day the hour starts on (they differ only for an hour across local
    // midnight in a zone off whole hours: its spread share and hour count fall on the earlier day).
    for (const day of new Set([dayBucket(at, zone), dayBucket(start, zone)])) {
      days.set(`${deviceId}:${day}`, { deviceId, day, zone });
    }
  };
  for (const [deviceId, ats] of times) for (const at of ats) touch(deviceId, at, true);
  // Rows added to an hour nothing else of this write touches are added to it; in an hour being recomputed
  // they are already counted by the recompute. A row whose triggers a trigger report of the same number
  // already brought to its hour is recomputed instead: counted once, as the reading's (`reportTriggers`).
  const twins = await reportedTwins(db, appended);
  for (const row of appended) {
    if (row.spreadFrom !== null || twins.has(twinKey(row.gatewayId, row.seq, row.deviceId))) {
      touch(row.deviceId, row.at, true);
    }
  }
  const added: ReadingRow[] = [];
  for (const row of appended) {
    if (row.spreadFrom !== null || !zoneOf.has(row.deviceId)) continue;
    touch(row.deviceId, row.at, false);
    if (!hours.has(`${row.deviceId}:${hourBucket(row.at).toISOString()}`)) added.push(row);
  }
  if (added.length > 0) {
    await addToHours(db, added);
    await between();
  }
  const h = [...hours.values()];
  if (h.length > 0)
    await db.execute(
      sql`INSERT INTO telemetry_hourly (device_id, hour, ${COLUMNS})
        SELECT b.device_id, b.hour, a.energy_wh + s.wh, a.d4i_wh + s.d4i_wh, a.meter_wh + s.meter_wh,
          a.quarantined_wh, a.on_seconds, a.triggers + x.n, a.occupied_seconds, a.readings, a.rated_seconds,
          a.level_seconds, a.d4i_readings, a.meter_readings, s.wh
        FROM unnest(${sql.param(h.map((b) => b.deviceId))}::int[], ${sql.param(h.map((b) => b.hour))}::timestamptz[])
          AS b(device_id, hour)
        CROSS JOIN LATERAL (SELECT ${SUMS} FROM telemetry_readings r WHERE r.device_id = b.device_id
          AND ${atWithin(sql`r.at`, sql`b.hour`, sql`b.hour + interval '1 hour'`)}) AS a
        CROSS JOIN LATERAL (${spreadShares(sql`b.device_id`, sql`b.hour`, sql`b.hour + interval '1 hour'`)}) AS s
        CROSS JOIN LATERAL (${reportTriggers(sql`b.device_id`, sql`b.hour`, sql`b.hour + interval '1 hour'`)}) AS x
        ON CONFLICT (device_id, hour) DO UPDATE SET ${UPDATED}`,
    );
  await between();
  const d = [...days.values()];
  await recomputeDays(db, d);
  await markStaleMonths(db, d, now);
  if (triggered.size > 0) await refreshTriggers(db, [...triggered]);
}

/**
 * Recomputes the daily rollups of `days` (device, local date, the network's zone) from the hourly rollups,
 * or in a zone off whole hours from the readings (`recomputeRollups`).
 */
export async function recomputeDays(db: Db, days: readonly { deviceId: number; day: string; zone: string }[]) {
  if (days.length === 0) return;
  // Raw readings and trigger reports: those stamped in [start of the local date, start of the next). Hourly
  // rows: a reading belongs to the hour holding its stamp, so the day's readings are exactly those of the
  // hours from its start (inclusive) to the next day's start.
  await db.execute(
    sql`INSERT INTO telemetry_daily (device_id, day, ${DAY_COLUMNS})
        SELECT b.device_id, b.day, a.*
        FROM (SELECT s.*, mod(extract(epoch FROM s.starts), 3600) = 0 AND mod(extract(epoch FROM s.ends), 3600) = 0 AS whole
              FROM (SELECT u.*, (u.day::timestamp AT TIME ZONE u.zone) AS starts,
                ((u.day + 1)::timestamp AT TIME ZONE u.zone) AS ends
              FROM unnest(${sql.param(days.map((b) => b.deviceId))}::int[], ${sql.param(days.map((b) => b.day))}::date[],
                ${sql.param(days.map((b) => b.zone))}::text[]) AS u(device_id, day, zone)) AS s) AS b
        CROSS JOIN LATERAL (
          SELECT ${HOURLY_SUMS} FROM telemetry_hourly h
          WHERE b.whole AND h.device_id = b.device_id AND h.hour >= b.starts AND h.hour < b.ends
          HAVING b.whole
          UNION ALL
          SELECT t.energy_wh + s.wh, t.d4i_wh + s.d4i_wh, t.meter_wh + s.meter_wh, t.quarantined_wh, t.on_seconds,
            t.triggers + x.n, t.occupied_seconds, t.readings, t.rated_seconds, t.level_seconds, t.d4i_readings,
            t.meter_readings, s.wh, c.hours_reported,
            c.hours_meter, c.hours_d4i, c.on_capped_seconds, c.rated_capped_seconds
          FROM (SELECT ${SUMS} FROM telemetry_readings r
            WHERE NOT b.whole AND r.device_id = b.device_id AND ${atWithin(sql`r.at`, sql`b.starts`, sql`b.ends`)}) AS t
          CROSS JOIN (${spreadShares(sql`b.device_id`, sql`b.starts`, sql`b.ends`)} WHERE NOT b.whole) AS s
          CROSS JOIN (${reportTriggers(sql`b.device_id`, sql`b.starts`, sql`b.ends`)} AND NOT b.whole) AS x
          CROSS JOIN (SELECT ${HOUR_COUNTS} FROM telemetry_hourly h
            WHERE NOT b.whole AND h.device_id = b.device_id AND h.hour >= b.starts - interval '1 hour'
              AND h.hour < b.ends AND (h.hour AT TIME ZONE b.zone)::date = b.day) AS c
          WHERE NOT b.whole) AS a
        ON CONFLICT (device_id, day) DO UPDATE SET ${DAY_UPDATED}`,
  );
}

/**
 * Days of `deviceIds` in `zone` that came out without a reading although hours starting on them had some:
 * in a zone off whole hours a day is summed from the readings (`recomputeDays`), and retention
 * (`TELEMETRY_RETENTION_MONTHS`) drops old readings while keeping the hours. Such a day is summed from the
 * hours that start on it instead, its energy then shifted by the part of an hour at either midnight.
 */
export async function refillDroppedDays(db: Db, deviceIds: readonly number[], zone: string): Promise<void> {
  await db.execute(
    sql`UPDATE telemetry_daily t SET (${DAY_COLUMNS}) = (
          SELECT ${HOURLY_SUMS} FROM telemetry_hourly h
          WHERE h.device_id = t.device_id AND h.hour >= (t.day::timestamp AT TIME ZONE ${zone}) - interval '1 hour'
            AND h.hour < ((t.day + 1)::timestamp AT TIME ZONE ${zone}) AND (h.hour AT TIME ZONE ${zone})::date = t.day)
        WHERE t.device_id = ANY(${sql.param([...deviceIds])}::int[]) AND t.readings = 0
          AND EXISTS (SELECT 1 FROM telemetry_hourly h
            WHERE h.device_id = t.device_id AND h.readings > 0
              AND h.hour >= (t.day::timestamp AT TIME ZONE ${zone}) - interval '1 hour'
              AND h.hour < ((t.day + 1)::timestamp AT TIME ZONE ${zone}) AND (h.hour AT TIME ZONE ${zone})::date = t.day)`,
  );
}

/**
 * Marks the monthly rollups of `days` stale where their month had ended by `now` in the day's zone: late
 * readings (a gateway back after an outage, the last minutes of a month stored after midnight) changed
 * a month the `rollup-months` job may have summed. A missing row is created stale, so the job sums it
 * whether or not it had summed that month yet. The days of the current month are skipped without a
 * statement: the job sums a month only an hour after it ends (month-rollups.ts), and the device locks
 * of the write order it with the job.
 */
async function markStaleMonths(db: Db, days: readonly { deviceId: number; day: string; zone: string }[], now: Date) {
  const current = new Map<string, string>();
  const marks = new Map<string, { deviceId: number; month: string }>();
  for (const { deviceId, day, zone } of days) {
    let month = current.get(zone);
    if (month === undefined) {
      month = dayBucket(now, zone).slice(0, 7);
      current.set(zone, month);
    }
    if (day.slice(0, 7) >= month) continue;
    const first = `${day.slice(0, 7)}-01`;
    marks.set(`${deviceId}:${first}`, { deviceId, month: first });
  }
  if (marks.size === 0) return;
  const m = [...marks.values()].sort((a, b) => a.deviceId - b.deviceId || a.month.localeCompare(b.month));
  await db.execute(
    sql`INSERT INTO telemetry_monthly (device_id, month, ${COLUMNS}, stale)
        SELECT u.device_id, u.month, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, true
        FROM unnest(${sql.param(m.map((row) => row.deviceId))}::int[], ${sql.param(m.map((row) => row.month))}::date[])
          AS u(device_id, month)
        ON CONFLICT (device_id, month) DO UPDATE SET stale = true`,
  );
}

/**
 * Files new `sensorTrigger` reports (device, stamp) in their devices' hourly and daily rollups (the hour and
 * local date holding each stamp, recomputed), marks a closed month they fall in stale, and refreshes the
 * devices' trigger counts. The caller holds the devices' locks (`lockDevices`), as a readings write does.
 */
export async function rollupTriggerReports(
  db: Db,
  reports: readonly { deviceId: number; at: Date }[],
  now: Date,
): Promise<void> {
  if (reports.length === 0) return;
  const ids = [...new Set(reports.map((report) => report.deviceId))].sort((a, b) => a - b);
  const zones = await rowsOf<{ id: number; time_zone: string }>(
    db,
    sql`SELECT d.id, n.time_zone FROM devices d JOIN networks n ON n.id = d.nid
        WHERE d.id = ANY(${sql.param(ids)}::int[])`,
  );
  const times = new Map<number, Date[]>();
  for (const { deviceId, at } of reports) times.set(deviceId, [...(times.get(deviceId) ?? []), at]);
  const zoneOf = new Map(zones.map((row) => [row.id, row.time_zone]));
  await recomputeRollups(db, times, new Set(ids), zoneOf, undefined, [], now);
}
