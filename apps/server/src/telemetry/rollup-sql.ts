import { hourOf } from '@lightwell/domain';
import { type SQL, sql } from 'drizzle-orm';

/*
 * The buckets of the rollups and the SQL they are summed with (rollups.ts): a reading or a trigger report
 * belongs to the UTC hour and the site-local date holding its stamp, every bucket half-open [start, end).
 */

/** Start of the UTC hour a reading or trigger report stamped `at` belongs to (the domain's `hourOf`). */
export const hourBucket = (at: Date) => new Date(hourOf(at.getTime() / 1000) * 1000);

/** The SQL form of the domain's `isWithin`: instant `at` lies in the half-open [start, end). */
export const atWithin = (at: SQL, start: SQL, end: SQL) => sql`(${at} >= ${start} AND ${at} < ${end})`;

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Local dates by zone and UTC quarter hour, for the quarters that lie within one local date (today's zones
 * change date only on quarter hours): formatting a date in a zone costs microseconds, and a write asks for
 * every reading's day.
 */
const quarterDays = new Map<string, string>();
const QUARTER_MS = 15 * 60_000;
/** The site-local date (YYYY-MM-DD in `timeZone`) a reading or trigger report stamped `at` belongs to. */
export function dayBucket(at: Date, timeZone: string): string {
  const instant = at.getTime();
  const quarter = Math.floor(instant / QUARTER_MS);
  const key = `${timeZone} ${quarter}`;
  const known = quarterDays.get(key);
  if (known) return known;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  const first = format.format(new Date(quarter * QUARTER_MS));
  if (first !== format.format(new Date((quarter + 1) * QUARTER_MS - 1))) return format.format(new Date(instant));
  if (quarterDays.size >= 10_000) quarterDays.clear();
  quarterDays.set(key, first);
  return first;
}

// Sums of the readings stamped in the bucket; a delta spread over a gap is added by share instead. The
// counted D4i and meter readings are counted whatever their delta (a lamp off all period counts 0 Wh), so a
// counter that counted nothing still tells its source from one that sent no counted reading.
export const SUMS = sql`coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL), 0) AS energy_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL
    AND r.energy_source = 'd4i'), 0) AS d4i_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'counted' AND r.spread_from IS NULL
    AND r.energy_source = 'meter'), 0) AS meter_wh,
  coalesce(sum(r.delta_wh) FILTER (WHERE r.delta_status = 'quarantined'), 0) AS quarantined_wh,
  coalesce(sum(r.on_seconds), 0) AS on_seconds, coalesce(sum(r.triggers), 0) AS triggers,
  coalesce(sum(r.occupied_seconds), 0) AS occupied_seconds, count(*) AS readings,
  coalesce(sum(coalesce(r.rated_seconds, r.on_seconds)), 0) AS rated_seconds,
  coalesce(sum(r.on_seconds) FILTER (WHERE r.mean_lightness IS NOT NULL), 0) AS level_seconds,
  count(*) FILTER (WHERE r.delta_status = 'counted' AND r.energy_source = 'd4i') AS d4i_readings,
  count(*) FILTER (WHERE r.delta_status = 'counted' AND r.energy_source = 'meter') AS meter_readings`;

/**
 * An hour's (`h`, a `telemetry_hourly` row) on-time at rated power as the estimate counts it: its
 * `rated_seconds`, scaled down as its on-time is capped at 3,600 s (two channels lit together are one
 * light on); 0 in an hour without a reading (its energy is a gap's share).
 */
export const RATED_CAPPED_SECONDS = sql`CASE WHEN h.readings = 0 THEN 0 WHEN h.on_seconds > 3600
  THEN h.rated_seconds * 3600 / h.on_seconds ELSE h.rated_seconds END`;
/*
 * The share of each delta spread over a gap (spread_from, at] that falls in [start, end): the delta × the part
 * of the gap up to `end`, less the part up to `start`, each rounded to the mWh, so the shares of a gap in
 * adjoining buckets (hours, or the days of a zone off whole hours) add up to its delta exactly.
 */
export const spreadShares = (device: SQL, start: SQL, end: SQL) => sql`SELECT coalesce(sum(x.share), 0) AS wh,
    coalesce(sum(x.share) FILTER (WHERE x.energy_source = 'd4i'), 0) AS d4i_wh,
    coalesce(sum(x.share) FILTER (WHERE x.energy_source = 'meter'), 0) AS meter_wh
  FROM (SELECT r.energy_source,
      round(r.delta_wh * extract(epoch FROM least(r.at, ${end}) - r.spread_from)
        / extract(epoch FROM r.at - r.spread_from), 3)
      - round(r.delta_wh * extract(epoch FROM greatest(r.spread_from, ${start}) - r.spread_from)
        / extract(epoch FROM r.at - r.spread_from), 3) AS share
    FROM telemetry_readings r WHERE r.device_id = ${device} AND r.spread_from IS NOT NULL
      AND r.delta_status = 'counted' AND r.at > ${start} AND r.spread_from < ${end}) AS x`;
/**
 * A stored `sensorTrigger` report (`x`, a `device_readings` row) that a `readings` report of the same number
 * also counted: a section-7 trigger call with readings keeps its triggers both ways under one number, and
 * they are counted once, as the reading's.
 */
const COUNTED_AS_READING = sql`EXISTS (SELECT 1 FROM telemetry_readings r WHERE r.gateway_id = x.gateway_id
  AND r.seq = x.seq AND r.device_id = x.device_id AND r.at = x.at AND r.triggers IS NOT NULL)`;
/** The triggers of device `device`'s trigger reports stamped in [start, end) (`n`), less those counted as readings. */
export const reportTriggers = (
  device: SQL,
  start: SQL,
  end: SQL,
) => sql`SELECT coalesce(sum((x.value->>'count')::bigint), 0) AS n
    FROM device_readings x WHERE x.device_id = ${device} AND x.kind = 'sensorTrigger'
      AND ${atWithin(sql`x.at`, start, end)} AND NOT ${COUNTED_AS_READING}`;
export const COLUMNS = sql`energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds, triggers, occupied_seconds, readings,
  rated_seconds, level_seconds, d4i_readings, meter_readings, spread_wh`;
export const UPDATED = sql`energy_wh = excluded.energy_wh, d4i_wh = excluded.d4i_wh, meter_wh = excluded.meter_wh,
  quarantined_wh = excluded.quarantined_wh, on_seconds = excluded.on_seconds, triggers = excluded.triggers,
  occupied_seconds = excluded.occupied_seconds, readings = excluded.readings,
  rated_seconds = excluded.rated_seconds, level_seconds = excluded.level_seconds,
  d4i_readings = excluded.d4i_readings, meter_readings = excluded.meter_readings, spread_wh = excluded.spread_wh`;
/** An hour's stored sums plus the added readings' (rollups.ts addToHours). */
export const ADDED = sql.raw(
  [
    'energy_wh',
    'd4i_wh',
    'meter_wh',
    'quarantined_wh',
    'on_seconds',
    'triggers',
    'occupied_seconds',
    'readings',
    'rated_seconds',
    'level_seconds',
    'd4i_readings',
    'meter_readings',
  ]
    .map((column) => `${column} = telemetry_hourly.${column} + excluded.${column}`)
    .join(', '),
);
/** What long periods need of a day's hours: the hours reported (in all, with a meter, with D4i) and capped on time. */
export const HOUR_COUNTS = sql`count(*) FILTER (WHERE h.readings > 0) AS hours_reported,
  count(*) FILTER (WHERE h.meter_wh > 0) AS hours_meter, count(*) FILTER (WHERE h.d4i_wh > 0) AS hours_d4i,
  coalesce(sum(least(h.on_seconds, 3600)) FILTER (WHERE h.readings > 0), 0) AS on_capped_seconds,
  coalesce(sum(${RATED_CAPPED_SECONDS}), 0) AS rated_capped_seconds`;
export const DAY_COLUMNS = sql`${COLUMNS}, hours_reported, hours_meter, hours_d4i, on_capped_seconds, rated_capped_seconds`;
export const DAY_UPDATED = sql`${UPDATED}, hours_reported = excluded.hours_reported, hours_meter = excluded.hours_meter,
  hours_d4i = excluded.hours_d4i, on_capped_seconds = excluded.on_capped_seconds,
  rated_capped_seconds = excluded.rated_capped_seconds`;

/** The rollup columns summed from hourly rows (every one is a sum, so a day is the sum of its hours). */
export const HOURLY_SUMS = sql`coalesce(sum(h.energy_wh), 0) AS energy_wh, coalesce(sum(h.d4i_wh), 0) AS d4i_wh,
  coalesce(sum(h.meter_wh), 0) AS meter_wh, coalesce(sum(h.quarantined_wh), 0) AS quarantined_wh,
  coalesce(sum(h.on_seconds), 0) AS on_seconds, coalesce(sum(h.triggers), 0) AS triggers,
  coalesce(sum(h.occupied_seconds), 0) AS occupied_seconds, coalesce(sum(h.readings), 0)::int AS readings,
  coalesce(sum(h.rated_seconds), 0) AS rated_seconds, coalesce(sum(h.level_seconds), 0) AS level_seconds,
  coalesce(sum(h.d4i_readings), 0)::int AS d4i_readings, coalesce(sum(h.meter_readings), 0)::int AS meter_readings,
  coalesce(sum(h.spread_wh), 0) AS spread_wh, ${HOUR_COUNTS}`;
