import {
  addDays,
  DEFAULT_STANDBY_W,
  formatLocalDate,
  localDateOf,
  type Period,
  startOfLocalDay,
} from '@lightwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOfRange } from '../../db/rows.ts';
import { monthOf, nextMonth, RATED_CAPPED_SECONDS } from '../../telemetry/index.ts';
import {
  type DeviceHour,
  deviceHoursOf,
  type EstimateDefaults,
  HOUR_AS_ROLLUP,
  onlyDevices,
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
  /**
   * Whole local months [fromMonth, toMonth) within the whole days (their first days), which a read that
   * needs no day-by-day detail takes from the monthly rollups where summed; empty strings when none.
   */
  fromMonth: string;
  toMonth: string;
}

/**
 * Whole local days of `period` in `timeZone` and the edges around them (an hour belongs to the day of its
 * start); with `byMonth`, the whole months among the days too (for reads that need no day-by-day detail).
 * Without `inZone` (the network's rollups are being rebuilt in a new zone, telemetry/rezone.ts) no day is
 * whole: the period is read by the hour.
 */
export function splitPeriod(
  nid: number,
  period: Period,
  timeZone: string,
  byMonth = false,
  inZone = true,
): SplitPeriod {
  let first = localDateOf(period.start, timeZone);
  if (startOfLocalDay(first, timeZone) < period.start) first = addDays(first, 1);
  let last = first;
  while (startOfLocalDay(addDays(last, 1), timeZone) <= period.end) last = addDays(last, 1);
  const wholeStart = startOfLocalDay(first, timeZone);
  const wholeEnd = startOfLocalDay(last, timeZone);
  if (wholeEnd <= wholeStart || !inZone) {
    return {
      nid,
      timeZone,
      period,
      fromDay: '',
      toDay: '',
      wholeStart: period.end,
      wholeEnd: period.end,
      fromMonth: '',
      toMonth: '',
    };
  }
  const fromDay = formatLocalDate(first);
  const toDay = formatLocalDate(last);
  const fromMonth = fromDay.endsWith('-01') ? fromDay : nextMonth(monthOf(fromDay));
  const toMonth = monthOf(toDay);
  const months = byMonth && fromMonth < toMonth;
  return {
    nid,
    timeZone,
    period,
    fromDay,
    toDay,
    wholeStart,
    wholeEnd,
    fromMonth: months ? fromMonth : '',
    toMonth: months ? toMonth : '',
  };
}

/**
 * The SQL of `loadDeviceDays`: rows in the shape of `RollupRow` with the local `day` (or month) a day or month
 * row starts on (null for an edge hour, whose `at` is its start), for reads that sum them further in SQL
 * (`energy-grids.ts`).
 */
export function deviceDaysQuery(splits: readonly SplitPeriod[], deviceIds?: readonly number[]): SQL {
  const only = onlyDevices(deviceIds);
  // The same devices named on the rollup rows too, so a batch of devices reads their rows by the device's
  // index rather than every device's days of the period.
  const onlyRows = onlyDevices(deviceIds, 't.device_id');
  const col = <T>(pick: (split: SplitPeriod) => T) => sql.param(splits.map(pick));
  const DAY_AS_ROLLUP = sql`t.device_id, d.nid, NULL::bigint AS at, t.meter_wh, t.d4i_wh, t.spread_wh,
    t.quarantined_wh, t.on_capped_seconds AS on_seconds, t.rated_capped_seconds AS rated_seconds, t.level_seconds,
    t.triggers, t.occupied_seconds, t.hours_reported,
    t.hours_meter, t.hours_d4i, t.d4i_readings, t.meter_readings, coalesce(d.rated_power, p.rated_power) AS rated,
    (d.kind IN ('luminaire', 'emergency')) AS luminaire`;
  // Each split's days, months and edge hours are ranges of the rollups' time indexes, joined to its
  // network's devices. `m_end`: the end of the months read by the month (the network's mark at most).
  return sql`WITH s AS (
          SELECT u.*, CASE WHEN u.from_month IS NOT NULL
            THEN greatest(u.from_month, least(u.to_month, coalesce(mk.built_until, u.from_month))) END AS m_end
          FROM unnest(${col((s) => s.nid)}::int[], ${col((s) => s.period.start)}::bigint[],
            ${col((s) => s.period.end)}::bigint[], ${col((s) => s.fromDay || null)}::date[],
            ${col((s) => s.toDay || null)}::date[], ${col((s) => s.wholeStart)}::bigint[], ${col((s) => s.wholeEnd)}::bigint[],
            ${col((s) => s.fromMonth || null)}::date[], ${col((s) => s.toMonth || null)}::date[])
            AS u(nid, p_start, p_end, from_day, to_day, w_start, w_end, from_month, to_month)
          LEFT JOIN telemetry_month_marks mk ON mk.nid = u.nid)
        SELECT ${DAY_AS_ROLLUP}, t.day::text AS day
        FROM s CROSS JOIN LATERAL (VALUES (s.from_day, coalesce(s.from_month, s.to_day)),
          (coalesce(s.m_end, s.to_day), s.to_day)) AS r(from_day, to_day)
        JOIN devices d ON d.nid = s.nid ${only}
        LEFT JOIN products p ON p.id = d.product_id
        JOIN telemetry_daily t ON t.device_id = d.id AND t.day >= r.from_day AND t.day < r.to_day ${onlyRows}
        WHERE r.from_day < r.to_day
        UNION ALL
        SELECT ${DAY_AS_ROLLUP}, t.month::text AS day
        FROM s JOIN devices d ON d.nid = s.nid ${only}
        LEFT JOIN products p ON p.id = d.product_id
        JOIN telemetry_monthly t ON t.device_id = d.id AND t.month >= s.from_month AND t.month < s.m_end ${onlyRows}
        WHERE NOT t.stale
        UNION ALL
        SELECT ${DAY_AS_ROLLUP}, t.day::text AS day
        FROM s JOIN devices d ON d.nid = s.nid ${only}
        LEFT JOIN products p ON p.id = d.product_id
        JOIN telemetry_monthly x ON x.device_id = d.id AND x.month >= s.from_month AND x.month < s.m_end AND x.stale
        JOIN telemetry_daily t ON t.device_id = d.id AND t.day >= x.month
          AND t.day < (x.month + interval '1 month')::date ${onlyRows}
        UNION ALL
        SELECT ${HOUR_AS_ROLLUP}, NULL::text AS day
        FROM s CROSS JOIN LATERAL (VALUES (s.p_start, s.w_start), (s.w_end, s.p_end)) AS e(from_at, to_at)
        JOIN devices d ON d.nid = s.nid ${only}
        LEFT JOIN products p ON p.id = d.product_id
        JOIN telemetry_hourly h ON h.device_id = d.id
          AND h.hour >= to_timestamp(e.from_at) AND h.hour < to_timestamp(e.to_at)
        WHERE e.from_at < e.to_at`;
}

/**
 * The device-days of long periods (section 9: 180 days, 3 to 12 months; the portfolio's months), aggregated
 * in SQL: each network's whole local days from the daily rollups (one row per device and day, at the day's
 * start), the partial days at the edges from the hourly rollups. Counted exactly as `loadDeviceHours` counts
 * hours (`deviceHoursOf`), so totals, sources, estimates and baselines agree to the mWh.
 * A split's months ([fromMonth, toMonth), `splitPeriod`'s `byMonth`) are read as a row per device and month, at
 * the month's start, from the monthly rollups the `rollup-months` job has summed (below the network's mark,
 * not stale); the days of a stale month and of months not summed yet are read by the day. With `deviceIds`,
 * only those devices of the networks are read (a device's rows are counted alike whoever else is read).
 */
export async function loadDeviceDays(
  db: Db,
  splits: readonly SplitPeriod[],
  defaults: EstimateDefaults = new Map(),
  deviceIds?: readonly number[],
): Promise<DeviceHour[]> {
  if (splits.length === 0) return [];
  const rows = await rowsOfRange<RollupRow & { day: string | null }>(db, deviceDaysQuery(splits, deviceIds));
  const zoneOf = new Map(splits.map((split) => [split.nid, split.timeZone]));
  // A day (or month) row stands at its first day's start, as the domain finds it (a skipped midnight starts
  // at the first instant); found once per network and day, not per row.
  const starts = new Map<string, number>();
  for (const row of rows) {
    if (row.day === null) continue;
    const key = `${row.nid}:${row.day}`;
    let start = starts.get(key);
    if (start === undefined) {
      const [year, month, day] = row.day.split('-').map(Number) as [number, number, number];
      start = startOfLocalDay({ year, month, day }, zoneOf.get(row.nid)!);
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
  const rows = await rowsOfRange<{ nid: number; hour: string | Date; wh: string }>(
    db,
    sql`SELECT s.nid, h.hour, sum(CASE s.source WHEN 'meter' THEN h.meter_wh WHEN 'd4i' THEN h.d4i_wh
            ELSE CASE WHEN d.kind IN ('luminaire', 'emergency') AND h.readings > 0
              AND coalesce(d.rated_power, p.rated_power, s.rated, 0) > 0
              THEN (coalesce(d.rated_power, p.rated_power, s.rated) * ${RATED_CAPPED_SECONDS}
                + s.standby * (3600 - least(h.on_seconds, 3600))) / 3600.0
              ELSE 0 END END)::text AS wh
        FROM unnest(${of((id) => id)}::int[], ${of((_, source) => source)}::text[], ${of((id) => deviceNid.get(id)!)}::int[],
          ${of((_, __, split) => split.period.start)}::bigint[], ${of((_, __, split) => split.period.end)}::bigint[],
          ${of((id) => defaults.get(deviceNid.get(id)!)?.ratedW ?? null)}::numeric[],
          ${of((id) => defaults.get(deviceNid.get(id)!)?.standbyW ?? DEFAULT_STANDBY_W)}::numeric[])
          AS s(device_id, source, nid, p_start, p_end, rated, standby)
        JOIN devices d ON d.id = s.device_id
        LEFT JOIN products p ON p.id = d.product_id
        JOIN telemetry_hourly h ON h.device_id = s.device_id
          AND h.hour >= to_timestamp(s.p_start) AND h.hour < to_timestamp(s.p_end)
        GROUP BY s.nid, h.hour`,
  );
  for (const row of rows) {
    result.get(row.nid)!.push({ hour: Math.floor(new Date(row.hour).getTime() / 1000), wh: Number(row.wh) });
  }
  return result;
}
