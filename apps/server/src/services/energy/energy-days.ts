import {
  addDays,
  DEFAULT_STANDBY_W,
  formatLocalDate,
  localDateOf,
  type Period,
  startOfLocalDay,
} from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../telemetry/write-readings.ts';
import {
  type DeviceHour,
  deviceHoursOf,
  type EstimateDefaults,
  HOUR_AS_ROLLUP,
  type RollupRow,
} from './energy-hours.ts';

/** A network's period as a long-period read splits it: whole local days, and the hours at either edge. */
export interface SplitPeriod {
  nid: number;
  timeZone: string;
  period: Period;
  /** Whole local days [fromDay, toDay) as `YYYY-MM-DD`; equal when the period holds no whole day. */
  fromDay: string;
  toDay: string;
  /** [wholeStart, wholeEnd): the instants the whole days cover; the rest of the period is read by the hour. */
  wholeStart: number;
  wholeEnd: number;
}

/** Whole local days of `period` in `timeZone` and the edges around them (an hour belongs to the day of its start). */
export function splitPeriod(nid: number, period: Period, timeZone: string): SplitPeriod {
  let first = localDateOf(period.start, timeZone);
  if (startOfLocalDay(first, timeZone) < period.start) first = addDays(first, 1);
  let last = first;
  while (startOfLocalDay(addDays(last, 1), timeZone) <= period.end) last = addDays(last, 1);
  const wholeStart = startOfLocalDay(first, timeZone);
  const wholeEnd = startOfLocalDay(last, timeZone);
  if (wholeEnd <= wholeStart) {
    return { nid, timeZone, period, fromDay: '', toDay: '', wholeStart: period.end, wholeEnd: period.end };
  }
  return { nid, timeZone, period, fromDay: formatLocalDate(first), toDay: formatLocalDate(last), wholeStart, wholeEnd };
}

/**
 * The device-days of long periods (section 9: 180 days, 3 to 12 months; the portfolio's months), aggregated
 * in SQL: each network's whole local days from the daily rollups (one row per device and day, at the day's
 * start), the partial days at the edges from the hourly rollups. Counted exactly as `loadDeviceHours` counts
 * hours (`deviceHoursOf`), so totals, sources, estimates and baselines agree to the mWh.
 */
export async function loadDeviceDays(
  db: Db,
  splits: readonly SplitPeriod[],
  defaults: EstimateDefaults = new Map(),
): Promise<DeviceHour[]> {
  if (splits.length === 0) return [];
  const col = <T>(pick: (split: SplitPeriod) => T) => sql.param(splits.map(pick));
  // Each device's rows are read by a range of its primary key (LATERAL … OFFSET 0 keeps the planner from
  // scanning a whole rollup table for a month of it).
  const rows = await rowsOf<RollupRow & { day: string | null }>(
    db,
    sql`WITH s(nid, p_start, p_end, from_day, to_day, w_start, w_end) AS (
          SELECT * FROM unnest(${col((s) => s.nid)}::int[], ${col((s) => s.period.start)}::bigint[],
            ${col((s) => s.period.end)}::bigint[], ${col((s) => s.fromDay || null)}::date[],
            ${col((s) => s.toDay || null)}::date[], ${col((s) => s.wholeStart)}::bigint[], ${col((s) => s.wholeEnd)}::bigint[]))
        SELECT t.device_id, d.nid, NULL::timestamptz AS at, t.meter_wh, t.d4i_wh, t.spread_wh, t.quarantined_wh,
          t.on_capped_seconds AS on_seconds, t.triggers, t.occupied_seconds, t.hours_reported, t.hours_meter,
          t.hours_d4i, coalesce(d.rated_power, p.rated_power) AS rated,
          (d.kind IN ('luminaire', 'emergency')) AS luminaire, t.day::text AS day
        FROM s JOIN devices d ON d.nid = s.nid
        LEFT JOIN products p ON p.id = d.product_id
        CROSS JOIN LATERAL (SELECT * FROM telemetry_daily t WHERE t.device_id = d.id
          AND t.day >= s.from_day AND t.day < s.to_day OFFSET 0) AS t
        UNION ALL
        SELECT ${HOUR_AS_ROLLUP}, NULL::text AS day
        FROM s CROSS JOIN LATERAL (VALUES (s.p_start, s.w_start), (s.w_end, s.p_end)) AS e(from_at, to_at)
        JOIN devices d ON d.nid = s.nid
        LEFT JOIN products p ON p.id = d.product_id
        CROSS JOIN LATERAL (SELECT * FROM telemetry_hourly h WHERE h.device_id = d.id
          AND h.hour >= to_timestamp(e.from_at) AND h.hour < to_timestamp(e.to_at) OFFSET 0) AS h
        WHERE e.from_at < e.to_at`,
  );
  const zoneOf = new Map(splits.map((split) => [split.nid, split.timeZone]));
  // A day row stands at its day's start, as the domain finds it (a skipped midnight starts at the first
  // instant); found once per network and day, not per row.
  const starts = new Map<string, Date>();
  for (const row of rows) {
    if (row.day === null) continue;
    const key = `${row.nid}:${row.day}`;
    let start = starts.get(key);
    if (!start) {
      const [year, month, day] = row.day.split('-').map(Number) as [number, number, number];
      start = new Date(startOfLocalDay({ year, month, day }, zoneOf.get(row.nid)!) * 1000);
      starts.set(key, start);
    }
    row.at = start;
  }
  return deviceHoursOf(rows, defaults);
}

/** A network's hourly energy (Wh) for pricing by time of use. */
export interface CostHour {
  hour: number;
  wh: number;
}

/**
 * Hourly energy per network over each split's period, each device counted by the source chosen for it
 * (`sources`, from its device-days), for tariffs with time-of-use bands: their price changes within a day,
 * so a long period is priced by the hour. Summed in SQL: one row per network and hour.
 */
export async function loadCostHours(
  db: Db,
  splits: readonly SplitPeriod[],
  sources: ReadonlyMap<number, DeviceHour['source']>,
  deviceNid: ReadonlyMap<number, number>,
  defaults: EstimateDefaults = new Map(),
): Promise<Map<number, CostHour[]>> {
  const byNid = new Map(splits.map((split) => [split.nid, split]));
  const devices = [...sources].filter(([id]) => byNid.has(deviceNid.get(id) ?? -1));
  const result = new Map<number, CostHour[]>(splits.map((split) => [split.nid, []]));
  if (devices.length === 0) return result;
  const of = <T>(pick: (id: number, source: string, split: SplitPeriod) => T) =>
    sql.param(devices.map(([id, source]) => pick(id, source, byNid.get(deviceNid.get(id)!)!)));
  const rows = await rowsOf<{ nid: number; hour: string | Date; wh: string }>(
    db,
    sql`SELECT s.nid, h.hour, sum(CASE s.source WHEN 'meter' THEN h.meter_wh WHEN 'd4i' THEN h.d4i_wh
            ELSE CASE WHEN d.kind IN ('luminaire', 'emergency') AND h.readings > 0
              AND coalesce(d.rated_power, p.rated_power, s.rated, 0) > 0
              THEN (coalesce(d.rated_power, p.rated_power, s.rated) * least(h.on_seconds, 3600)
                + s.standby * (3600 - least(h.on_seconds, 3600))) / 3600.0
              ELSE 0 END END)::text AS wh
        FROM unnest(${of((id) => id)}::int[], ${of((_, source) => source)}::text[], ${of((id) => deviceNid.get(id)!)}::int[],
          ${of((_, __, split) => split.period.start)}::bigint[], ${of((_, __, split) => split.period.end)}::bigint[],
          ${of((id) => defaults.get(deviceNid.get(id)!)?.ratedW ?? null)}::numeric[],
          ${of((id) => defaults.get(deviceNid.get(id)!)?.standbyW ?? DEFAULT_STANDBY_W)}::numeric[])
          AS s(device_id, source, nid, p_start, p_end, rated, standby)
        JOIN devices d ON d.id = s.device_id
        LEFT JOIN products p ON p.id = d.product_id
        CROSS JOIN LATERAL (SELECT * FROM telemetry_hourly h WHERE h.device_id = s.device_id
          AND h.hour >= to_timestamp(s.p_start) AND h.hour < to_timestamp(s.p_end) OFFSET 0) AS h
        GROUP BY s.nid, h.hour`,
  );
  for (const row of rows) {
    result.get(row.nid)!.push({ hour: Math.floor(new Date(row.hour).getTime() / 1000), wh: Number(row.wh) });
  }
  return result;
}
