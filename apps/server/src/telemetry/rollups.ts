import { ElementType } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/*
 * Hourly (UTC) and daily (site-local date) rollups per device, recomputed from the raw readings for the
 * buckets a write touched, never incremented. A reading closes the interval that ends at its `at`, so it
 * belongs to the bucket holding the instant just before `at` (a reading at 10:00:00 is the 09:00 hour's).
 */

const HOUR_MS = 3_600_000;

/** Start of the UTC hour a reading at `at` belongs to. */
export const hourBucket = (at: Date) => new Date(Math.floor((at.getTime() - 1) / HOUR_MS) * HOUR_MS);

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The site-local date (YYYY-MM-DD in `timeZone`) a reading at `at` belongs to. */
export function dayBucket(at: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(new Date(at.getTime() - 1));
}

const SUMS = sql`coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted'), 0) AS energy_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.energy_source = 'd4i'), 0) AS d4i_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.energy_source = 'meter'), 0) AS meter_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'quarantined'), 0) AS quarantined_wh,
  coalesce(sum(r.on_seconds), 0) AS on_seconds, coalesce(sum(r.triggers), 0) AS triggers,
  coalesce(sum(r.occupied_seconds), 0) AS occupied_seconds, count(*) AS readings`;
const UPDATED = sql`energy_wh = excluded.energy_wh, d4i_wh = excluded.d4i_wh, meter_wh = excluded.meter_wh,
  quarantined_wh = excluded.quarantined_wh, on_seconds = excluded.on_seconds, triggers = excluded.triggers,
  occupied_seconds = excluded.occupied_seconds, readings = excluded.readings`;
const COLUMNS = sql`energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds, triggers, occupied_seconds, readings`;

/** The rollup columns summed from hourly rows (every one is a sum, so a day is the sum of its hours). */
const HOURLY_SUMS = sql`coalesce(sum(h.energy_wh), 0) AS energy_wh, coalesce(sum(h.d4i_wh), 0) AS d4i_wh,
  coalesce(sum(h.meter_wh), 0) AS meter_wh, coalesce(sum(h.quarantined_wh), 0) AS quarantined_wh,
  coalesce(sum(h.on_seconds), 0) AS on_seconds, coalesce(sum(h.triggers), 0) AS triggers,
  coalesce(sum(h.occupied_seconds), 0) AS occupied_seconds, coalesce(sum(h.readings), 0)::int AS readings`;

/**
 * Recomputes the hourly and daily rollups of the devices' buckets holding `times` (readings written or
 * whose delta changed), and the trigger count and last trigger time of devices that got triggers.
 * `zoneOf` is each device's network time zone. A local day whose start and end fall on whole UTC hours (every
 * zone with whole-hour offsets, DST days included) is the sum of its hourly rows, just recomputed: about 24
 * rows however often the device reports; other days (offsets such as +05:30) are summed from the readings.
 * `between` runs between the statements (PGlite yields there to the event loop).
 */
export async function recomputeRollups(
  db: Db,
  times: Map<number, Date[]>,
  triggered: Set<number>,
  zoneOf: Map<number, string>,
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  if (times.size === 0) return;
  const hours = new Map<string, { deviceId: number; hour: string }>();
  const days = new Map<string, { deviceId: number; day: string; zone: string }>();
  for (const [deviceId, ats] of times) {
    const zone = zoneOf.get(deviceId);
    if (!zone) continue;
    for (const at of ats) {
      const hour = hourBucket(at).toISOString();
      hours.set(`${deviceId}:${hour}`, { deviceId, hour });
      const day = dayBucket(at, zone);
      days.set(`${deviceId}:${day}`, { deviceId, day, zone });
    }
  }
  const h = [...hours.values()];
  await db.execute(
    sql`INSERT INTO telemetry_hourly (device_id, hour, ${COLUMNS})
        SELECT b.device_id, b.hour, a.*
        FROM unnest(${sql.param(h.map((b) => b.deviceId))}::int[], ${sql.param(h.map((b) => b.hour))}::timestamptz[])
          AS b(device_id, hour)
        CROSS JOIN LATERAL (SELECT ${SUMS} FROM telemetry_readings r WHERE r.device_id = b.device_id
          AND r.at > b.hour AND r.at <= b.hour + interval '1 hour') AS a
        ON CONFLICT (device_id, hour) DO UPDATE SET ${UPDATED}`,
  );
  await between();
  const d = [...days.values()];
  // Raw readings: the exact test is the local date of the instant before `at`; the range around it lets the
  // index work. Hourly rows: a reading belongs to the hour holding the instant before it, so the day's
  // readings are exactly those of the hours from its start (inclusive) to the next day's start.
  await db.execute(
    sql`INSERT INTO telemetry_daily (device_id, day, ${COLUMNS})
        SELECT b.device_id, b.day, a.*
        FROM (SELECT s.*, mod(extract(epoch FROM s.starts), 3600) = 0 AND mod(extract(epoch FROM s.ends), 3600) = 0 AS whole
              FROM (SELECT u.*, (u.day::timestamp AT TIME ZONE u.zone) AS starts,
                ((u.day + 1)::timestamp AT TIME ZONE u.zone) AS ends
              FROM unnest(${sql.param(d.map((b) => b.deviceId))}::int[], ${sql.param(d.map((b) => b.day))}::date[],
                ${sql.param(d.map((b) => b.zone))}::text[]) AS u(device_id, day, zone)) AS s) AS b
        CROSS JOIN LATERAL (
          SELECT ${HOURLY_SUMS} FROM telemetry_hourly h
          WHERE b.whole AND h.device_id = b.device_id AND h.hour >= b.starts AND h.hour < b.ends
          HAVING b.whole
          UNION ALL
          SELECT ${SUMS} FROM telemetry_readings r
          WHERE NOT b.whole AND r.device_id = b.device_id AND r.at > b.starts - interval '1 day' AND r.at <= b.ends + interval '1 day'
            AND ((r.at - interval '1 millisecond') AT TIME ZONE b.zone)::date = b.day
          HAVING NOT b.whole) AS a
        ON CONFLICT (device_id, day) DO UPDATE SET ${UPDATED}`,
  );
  if (triggered.size > 0) await refreshTriggers(db, [...triggered]);
}

/**
 * A sensor's trigger count and last trigger time come from the stored triggers: readings (daily rollups)
 * and `sensorTrigger` reports (`device_readings`), a report counted once when it brought both (a
 * section-7 call with readings keeps both under one number).
 */
export async function refreshTriggers(db: Db, deviceIds: number[]): Promise<void> {
  const ids = sql.param(deviceIds);
  await db.execute(
    sql`UPDATE devices d SET sensor_trigger_count =
          (SELECT coalesce(sum(t.triggers), 0) FROM telemetry_daily t WHERE t.device_id = d.id)
          + (SELECT coalesce(sum((x.value->>'count')::bigint), 0) FROM device_readings x
             WHERE x.device_id = d.id AND x.kind = 'sensorTrigger'
               AND NOT EXISTS (SELECT 1 FROM telemetry_readings r WHERE r.gateway_id = x.gateway_id
                 AND r.seq = x.seq AND r.device_id = x.device_id AND r.triggers IS NOT NULL))
        WHERE d.id = ANY(${ids}::int[])`,
  );
  await db.execute(
    // Only readings after the element's last trigger can move it: a short index range, not the whole history.
    sql`UPDATE device_elements e SET triggered_at = greatest(e.triggered_at, last.at)
        FROM (SELECT r.device_id, r.element, max(r.at) AS at FROM telemetry_readings r
              JOIN device_elements x ON x.device_id = r.device_id AND x.index = r.element
              WHERE r.device_id = ANY(${ids}::int[]) AND r.triggers > 0
                AND r.at > coalesce(x.triggered_at, '-infinity'::timestamptz)
              GROUP BY r.device_id, r.element) AS last
        WHERE e.device_id = last.device_id AND e.index = last.element`,
  );
  await db.execute(
    sql`UPDATE device_elements e SET triggered_at = greatest(e.triggered_at, last.at)
        FROM (SELECT x.device_id, max(x.at) AS at FROM device_readings x
              WHERE x.device_id = ANY(${ids}::int[]) AND x.kind = 'sensorTrigger' GROUP BY x.device_id) AS last
        WHERE e.device_id = last.device_id AND e.type = ${ElementType.motionSensor}`,
  );
}
