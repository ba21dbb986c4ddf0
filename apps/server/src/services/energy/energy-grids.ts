import type { EnergySource, Period } from '@lightwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOfRange } from '../../db/rows.ts';
import { deviceDaysQuery, type SplitPeriod } from './energy-days.ts';
import { HOUR_AS_ROLLUP } from './energy-hours.ts';

/*
 * The heat maps' reads summed by the database: a device's hour-of-week cells and its frames come back as one
 * row per device (its cells or frames as text), each row's Wh already counted by the device's source over the
 * period, instead of a row per device and cell or per device and day. The Wh are computed in double precision
 * with the very operations `deviceHoursOf` makes (numeric sums turned to doubles, rated W × on-time at rated
 * power + standby W × the rest of the reported hours, / 3,600), so each is the same double.
 */

/** The network's estimate defaults: rated W of a luminaire without one (null: not estimated) and standby W. */
interface GridDefaults {
  ratedW: number | null;
  standbyW: number;
}

/**
 * Each device's counter over the rows of `rows` (a relation with `RollupRow`'s sums): 'meter' when one of
 * its rows has a counted meter reading or meter energy, else 'd4i' likewise, else null (estimated), as
 * `deviceHoursOf` chooses.
 */
const COUNTERS = (rows: SQL) => sql`SELECT device_id,
    CASE WHEN bool_or(meter_readings > 0 OR meter_wh > 0) THEN 'meter'
      WHEN bool_or(d4i_readings > 0 OR d4i_wh > 0) THEN 'd4i' END AS counter
  FROM ${rows} GROUP BY device_id`;

/**
 * The Wh of a row `r` of a device whose counter is `k.counter`: the counter's Wh, else (a luminaire with a
 * rated power, its own `r.rated` or the network's default) its estimate, else 0: `deviceHoursOf`'s `wh`.
 */
function chosenWh(defaults: GridDefaults): SQL {
  const rated = sql`coalesce(r.rated, ${defaults.ratedW}::float8)`;
  return sql`CASE k.counter WHEN 'meter' THEN r.meter_wh::float8 WHEN 'd4i' THEN r.d4i_wh::float8
    ELSE CASE WHEN r.luminaire AND coalesce(${rated}, 0) > 0
      THEN (${rated} * r.rated_seconds::float8
        + ${defaults.standbyW}::float8 * (r.hours_reported::float8 * 3600 - r.on_seconds::float8)) / 3600
      ELSE 0::float8 END END`;
}

/** One device's hour-of-week cells: its source, and per cell and flag its Wh, triggers and hours. */
export interface CellGrid {
  deviceId: number;
  source: EnergySource;
  /** Cell (Monday 00:00 = 0), lit-while-unoccupied flag, Wh, triggers, hours: one entry per cell and flag read. */
  cells: { cell: number; litUnoccupied: boolean; wh: number; triggers: number; hours: number }[];
}

/**
 * The cells of `cellRows` (rows of device, cell, flag and the cell sums: summed months and hourly sums, the
 * same device, cell and flag in several) summed per device, cell and flag and counted by each device's source
 * over them all, a row per device.
 */
export async function loadCellGrids(db: Db, cellRows: SQL, defaults: GridDefaults): Promise<CellGrid[]> {
  const rows = await rowsOfRange<{ device_id: number; counter: 'meter' | 'd4i' | null; cells: string }>(
    db,
    sql`WITH g AS MATERIALIZED (
          SELECT c.device_id, c.cell, c.lit_unoccupied, sum(c.meter_wh) AS meter_wh, sum(c.d4i_wh) AS d4i_wh,
            sum(c.on_seconds) AS on_seconds, sum(c.rated_seconds) AS rated_seconds,
            sum(c.hours_reported) AS hours_reported, sum(c.meter_readings) AS meter_readings,
            sum(c.d4i_readings) AS d4i_readings, sum(c.triggers) AS triggers, sum(c.hours) AS hours
          FROM (${cellRows}) AS c GROUP BY c.device_id, c.cell, c.lit_unoccupied),
        k AS (${COUNTERS(sql`g`)})
        SELECT r.device_id, k.counter, string_agg(concat_ws(' ', r.cell, r.lit_unoccupied::int, ${chosenWh(defaults)},
          r.triggers, r.hours), ',') AS cells
        FROM (SELECT g.*, coalesce(d.rated_power, p.rated_power) AS rated,
            (d.kind IN ('luminaire', 'emergency')) AS luminaire
          FROM g JOIN devices d ON d.id = g.device_id LEFT JOIN products p ON p.id = d.product_id) AS r
        JOIN k ON k.device_id = r.device_id
        GROUP BY r.device_id, k.counter`,
    '64MB',
  );
  return rows.map((row) => ({
    deviceId: row.device_id,
    source: row.counter ?? 'estimate',
    cells: row.cells.split(',').map((entry) => {
      const [cell, lit, wh, triggers, hours] = entry.split(' ');
      return {
        cell: Number(cell),
        litUnoccupied: lit === '1',
        wh: Number(wh),
        triggers: Number(triggers),
        hours: Number(hours),
      };
    }),
  }));
}

/** One device's frames: per local day (`YYYY-MM-DD`) or hour (epoch seconds) read, its Wh and triggers. */
interface FrameGrid {
  deviceId: number;
  frames: { key: string; wh: number; triggers: number }[];
}

/**
 * The Wh and triggers of `network`'s devices per day or hour of `period`, read as `loadPeriodHours` reads it
 * without prices (hours up to 15 days, `short`; whole local days and edge hours beyond, `split`), each device
 * counted by its source over the period, a row per device.
 */
export async function loadFrameGrids(
  db: Db,
  nid: number,
  period: Period,
  split: SplitPeriod | null,
  defaults: GridDefaults,
): Promise<FrameGrid[]> {
  const rows = split
    ? deviceDaysQuery([split])
    : sql`SELECT ${HOUR_AS_ROLLUP}, NULL::text AS day
          FROM devices d LEFT JOIN products p ON p.id = d.product_id
          JOIN telemetry_hourly h ON h.device_id = d.id
            AND h.hour >= to_timestamp(${period.start}) AND h.hour < to_timestamp(${period.end})
          WHERE d.nid = ${nid}`;
  const grids = await rowsOfRange<{ device_id: number; frames: string }>(
    db,
    sql`WITH r AS MATERIALIZED (${rows}), k AS (${COUNTERS(sql`r`)}),
        f AS (SELECT r.device_id, coalesce(r.day, r.at::text) AS key, sum(${chosenWh(defaults)}) AS wh,
            sum(r.triggers) AS triggers
          FROM r JOIN k ON k.device_id = r.device_id GROUP BY r.device_id, coalesce(r.day, r.at::text))
        SELECT device_id, string_agg(concat_ws(' ', key, wh, triggers), ',') AS frames FROM f GROUP BY device_id`,
    '64MB',
  );
  return grids.map((grid) => ({
    deviceId: grid.device_id,
    frames: grid.frames.split(',').map((entry) => {
      const [key, wh, triggers] = entry.split(' ');
      return { key: key!, wh: Number(wh), triggers: Number(triggers) };
    }),
  }));
}
