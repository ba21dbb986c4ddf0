import { ElementType } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from './write-readings.ts';

/*
 * Hourly (UTC) and daily (site-local date) rollups per device, recomputed for the buckets a write touched,
 * never incremented: hours from the raw readings, days from the hours. A reading closes the interval that
 * ends at its `at`, so it belongs to the hour holding the instant just before `at` (a reading at 10:00:00 is
 * the 09:00 hour's); a counted delta over a gap is spread over the gap's hours instead.
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

// Energy of the readings closing an interval in the hour; a delta spread over a gap is added by share instead.
const SUMS = sql`coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL), 0) AS energy_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL
    AND r.energy_source = 'd4i'), 0) AS d4i_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL
    AND r.energy_source = 'meter'), 0) AS meter_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'quarantined'), 0) AS quarantined_wh,
  coalesce(sum(r.on_seconds), 0) AS on_seconds, coalesce(sum(r.triggers), 0) AS triggers,
  coalesce(sum(r.occupied_seconds), 0) AS occupied_seconds, count(*) AS readings`;
/*
 * The hour's share of each delta spread over a gap (spread_from, at]: the delta × the part of the gap up to
 * the hour's end, less the part up to its start, each rounded to the mWh, so the shares of a gap add up to
 * its delta exactly.
 */
const SPREAD = sql`SELECT coalesce(sum(x.share), 0) AS wh,
    coalesce(sum(x.share) FILTER (WHERE x.energy_source = 'd4i'), 0) AS d4i_wh,
    coalesce(sum(x.share) FILTER (WHERE x.energy_source = 'meter'), 0) AS meter_wh
  FROM (SELECT r.energy_source,
      round(r.delta_wh * extract(epoch FROM least(r.at, b.hour + interval '1 hour') - r.spread_from)
        / extract(epoch FROM r.at - r.spread_from), 3)
      - round(r.delta_wh * extract(epoch FROM greatest(r.spread_from, b.hour) - r.spread_from)
        / extract(epoch FROM r.at - r.spread_from), 3) AS share
    FROM telemetry_readings r WHERE r.device_id = b.device_id AND r.spread_from IS NOT NULL
      AND r.delta_status = 'counted' AND r.at > b.hour AND r.spread_from < b.hour + interval '1 hour') AS x`;
const COLUMNS = sql`energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds, triggers, occupied_seconds, readings,
  spread_wh`;
const UPDATED = sql`energy_wh = excluded.energy_wh, d4i_wh = excluded.d4i_wh, meter_wh = excluded.meter_wh,
  quarantined_wh = excluded.quarantined_wh, on_seconds = excluded.on_seconds, triggers = excluded.triggers,
  occupied_seconds = excluded.occupied_seconds, readings = excluded.readings, spread_wh = excluded.spread_wh`;
/** A day is the sum of the hourly rows starting on its local date, with what long periods need of its hours. */
const DAY_SUMS = sql`coalesce(sum(h.energy_wh), 0), coalesce(sum(h.d4i_wh), 0), coalesce(sum(h.meter_wh), 0),
  coalesce(sum(h.quarantined_wh), 0), coalesce(sum(h.on_seconds), 0), coalesce(sum(h.triggers), 0),
  coalesce(sum(h.occupied_seconds), 0), coalesce(sum(h.readings), 0), coalesce(sum(h.spread_wh), 0),
  count(*) FILTER (WHERE h.readings > 0), count(*) FILTER (WHERE h.meter_wh > 0), count(*) FILTER (WHERE h.d4i_wh > 0),
  coalesce(sum(least(h.on_seconds, 3600)) FILTER (WHERE h.readings > 0), 0)`;
const DAY_COLUMNS = sql`${COLUMNS}, hours_reported, hours_meter, hours_d4i, on_capped_seconds`;
const DAY_UPDATED = sql`${UPDATED}, hours_reported = excluded.hours_reported, hours_meter = excluded.hours_meter,
  hours_d4i = excluded.hours_d4i, on_capped_seconds = excluded.on_capped_seconds`;

/**
 * Recomputes the hourly and daily rollups of the devices' buckets holding `times` (readings written or
 * whose delta changed, and the ends of the hours of a gap a delta is spread over), and the trigger count
 * and last trigger time of devices that got triggers. The daily rollup is recomputed from the hourly rows.
 */
export async function recomputeRollups(db: Db, times: Map<number, Date[]>, triggered: Set<number>): Promise<void> {
  if (times.size === 0) return;
  const deviceIds = [...times.keys()];
  const zones = await rowsOf<{ id: number; time_zone: string }>(
    db,
    sql`SELECT d.id, n.time_zone FROM devices d JOIN networks n ON n.id = d.nid
        WHERE d.id = ANY(${sql.param(deviceIds)}::int[])`,
  );
  const zoneOf = new Map(zones.map((z) => [z.id, z.time_zone]));
  const hours = new Map<string, { deviceId: number; hour: string }>();
  const days = new Map<string, { deviceId: number; day: string; zone: string }>();
  for (const [deviceId, ats] of times) {
    const zone = zoneOf.get(deviceId);
    if (!zone) continue;
    for (const at of ats) {
      const start = hourBucket(at);
      const hour = start.toISOString();
      hours.set(`${deviceId}:${hour}`, { deviceId, hour });
      // The local date of the hour's start (dayBucket looks at the instant before its argument).
      const day = dayBucket(new Date(start.getTime() + 1), zone);
      days.set(`${deviceId}:${day}`, { deviceId, day, zone });
    }
  }
  const h = [...hours.values()];
  await db.execute(
    sql`INSERT INTO telemetry_hourly (device_id, hour, ${COLUMNS})
        SELECT b.device_id, b.hour, a.energy_wh + s.wh, a.d4i_wh + s.d4i_wh, a.meter_wh + s.meter_wh,
          a.quarantined_wh, a.on_seconds, a.triggers, a.occupied_seconds, a.readings, s.wh
        FROM unnest(${sql.param(h.map((b) => b.deviceId))}::int[], ${sql.param(h.map((b) => b.hour))}::timestamptz[])
          AS b(device_id, hour)
        CROSS JOIN LATERAL (SELECT ${SUMS} FROM telemetry_readings r WHERE r.device_id = b.device_id
          AND r.at > b.hour AND r.at <= b.hour + interval '1 hour') AS a
        CROSS JOIN LATERAL (${SPREAD}) AS s
        ON CONFLICT (device_id, hour) DO UPDATE SET ${UPDATED}`,
  );
  const d = [...days.values()];
  // The exact test is the local date of the hour's start; the range around it lets the index work.
  await db.execute(
    sql`INSERT INTO telemetry_daily (device_id, day, ${DAY_COLUMNS})
        SELECT b.device_id, b.day, a.*
        FROM unnest(${sql.param(d.map((b) => b.deviceId))}::int[], ${sql.param(d.map((b) => b.day))}::date[],
          ${sql.param(d.map((b) => b.zone))}::text[]) AS b(device_id, day, zone)
        CROSS JOIN LATERAL (SELECT ${DAY_SUMS} FROM telemetry_hourly h WHERE h.device_id = b.device_id
          AND h.hour >= (b.day::timestamp AT TIME ZONE b.zone) - interval '1 day'
          AND h.hour < ((b.day + 1)::timestamp AT TIME ZONE b.zone) + interval '1 day'
          AND (h.hour AT TIME ZONE b.zone)::date = b.day) AS a
        ON CONFLICT (device_id, day) DO UPDATE SET ${DAY_UPDATED}`,
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
