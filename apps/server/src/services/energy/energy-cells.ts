import type { Period } from '@lightwell/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, rowsOfRange } from '../../db/rows.ts';
import { CELL_SUMS, cellSums, localMonthOf } from '../../telemetry/index.ts';
import { splitPeriod } from './energy-days.ts';
import {
  type DeviceHour,
  deviceHoursOf,
  type EnergyDevice,
  type EstimateDefaults,
  type RollupRow,
} from './energy-hours.ts';

/** A device's hours that share a local hour of the week, and whether they were lit while unoccupied. */
export interface DeviceCell {
  /** Local hour of the week, Monday 00:00 = 0. */
  cell: number;
  /**
   * A luminaire's hours on (on-time in a reported hour) while its zone has a sensor that saw nobody (no
   * device of the zone reported a trigger or occupied time); a sensor's hours without a trigger or occupancy
   * while a luminaire of its zone was on.
   */
  litUnoccupied: boolean;
  /** How many hours. */
  hours: number;
  energy: DeviceHour;
}

/**
 * The hour-of-week cells of `devices` (network `nid`'s) over `period`, summed in SQL: one row per device,
 * local hour of the week and lit-while-unoccupied flag, whatever the period's length. Whole local months
 * whose cells the `rollup-months` job has summed (and no late write has changed since) are read as those
 * cells; the rest of the period from the hourly rollups (`cellSums`). Each device is counted by the source
 * chosen over the whole period (`deviceHoursOf` over all its cells). `byMonth` false reads every hour.
 */
export async function loadDeviceCells(
  db: Db,
  nid: number,
  timeZone: string,
  period: Period,
  devices: readonly EnergyDevice[],
  defaults: EstimateDefaults,
  byMonth = true,
): Promise<DeviceCell[]> {
  const cellRows = await deviceCellRows(db, nid, timeZone, period, devices, byMonth);
  if (!cellRows) return [];
  const rows = await rowsOfRange<RollupRow & { cell: number; lit_unoccupied: boolean; hours: number }>(
    db,
    sql`SELECT c.device_id, c.cell, c.lit_unoccupied, ${SUMMED}, d.nid, NULL::timestamptz AS at,
          coalesce(d.rated_power, p.rated_power) AS rated, (d.kind IN ('luminaire', 'emergency')) AS luminaire
        FROM (${cellRows}) AS c
        JOIN devices d ON d.id = c.device_id LEFT JOIN products p ON p.id = d.product_id
        GROUP BY c.device_id, c.cell, c.lit_unoccupied, d.nid, d.rated_power, p.rated_power, d.kind`,
    '64MB',
  );
  const energy = deviceHoursOf(rows, defaults);
  return rows.map((row, index) => ({
    cell: row.cell,
    litUnoccupied: row.lit_unoccupied === true,
    hours: Number(row.hours),
    energy: energy[index]!,
  }));
}

/**
 * The rows of device, cell and flag with the `CELL_SUMS` columns that make `devices`' (network `nid`'s) cells
 * over `period`: its whole local months whose cells are summed and current from `telemetry_cells_monthly`
 * (none without `byMonth`), its other hours summed from the hourly rollups (`cellSums`); a device, cell and
 * flag may have a row of each. Null when the period reads nothing.
 */
export async function deviceCellRows(
  db: Db,
  nid: number,
  timeZone: string,
  period: Period,
  devices: readonly EnergyDevice[],
  byMonth: boolean,
): Promise<SQL | null> {
  const { months, ranges } = await cellParts(db, nid, timeZone, period, byMonth);
  const parts: SQL[] = [];
  if (ranges.length > 0) {
    parts.push(
      sql`SELECT device_id, cell, lit_unoccupied, ${SUM_COLUMNS} FROM (${cellSums(timeZone, ranges, devices)}) AS hc`,
    );
  }
  if (months.length > 0) {
    parts.push(
      sql`SELECT device_id, cell, lit_unoccupied, ${SUM_COLUMNS} FROM telemetry_cells_monthly
          WHERE month = ANY(${sql.param(months.map((month) => month.month))}::date[])
            AND device_id = ANY(${sql.param(devices.map((device) => device.id))}::int[])`,
    );
  }
  return parts.length === 0 ? null : sql.join(parts, sql` UNION ALL `);
}

/**
 * How a heat map reads `period`: the whole local months whose cells are summed and current (`cellMonths`;
 * none without `byMonth`) and the UTC ranges of the rest, read from the hourly rollups.
 */
async function cellParts(db: Db, nid: number, timeZone: string, period: Period, byMonth: boolean) {
  const months = byMonth ? await cellMonths(db, nid, timeZone, period) : [];
  const ranges: [number, number][] = [];
  let from = period.start;
  for (const month of months) {
    if (from < month.start) ranges.push([from, month.start]);
    from = month.end;
  }
  if (from < period.end) ranges.push([from, period.end]);
  return { months, ranges };
}

/**
 * Each of `deviceIds`' (network `nid`'s) triggers over `period`, read exactly as the heat maps read them
 * (`loadDeviceCells`): whole summed months from `telemetry_cells_monthly`, the rest from the hourly rollups,
 * an hour counted in the period holding its start. Devices without a trigger are left out.
 */
export async function loadTriggerTotals(
  db: Db,
  nid: number,
  timeZone: string,
  period: Period,
  deviceIds: readonly number[],
  byMonth = true,
): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  const { months, ranges } = await cellParts(db, nid, timeZone, period, byMonth);
  const ids = sql.param([...deviceIds]);
  const parts: SQL[] = [];
  if (ranges.length > 0) {
    parts.push(
      sql`SELECT h.device_id, h.triggers
          FROM unnest(${sql.param(ranges.map(([start]) => start))}::bigint[],
            ${sql.param(ranges.map(([, end]) => end))}::bigint[]) AS r(s, e)
          JOIN telemetry_hourly h ON h.hour >= to_timestamp(r.s) AND h.hour < to_timestamp(r.e)
          WHERE h.device_id = ANY(${ids}::int[])`,
    );
  }
  if (months.length > 0) {
    parts.push(
      sql`SELECT device_id, triggers FROM telemetry_cells_monthly
          WHERE month = ANY(${sql.param(months.map((month) => month.month))}::date[]) AND device_id = ANY(${ids}::int[])`,
    );
  }
  if (parts.length === 0) return new Map();
  const rows = await rowsOfRange<{ device_id: number; triggers: string }>(
    db,
    sql`SELECT t.device_id, sum(t.triggers)::text AS triggers FROM (${sql.join(parts, sql` UNION ALL `)}) AS t
        GROUP BY t.device_id HAVING sum(t.triggers) > 0`,
  );
  return new Map(rows.map((row) => [row.device_id, Number(row.triggers)]));
}

const SUMMED = sql.raw(CELL_SUMS.map((column) => `sum(c.${column}) AS ${column}`).join(', '));
const SUM_COLUMNS = sql.raw(CELL_SUMS.join(', '));

/**
 * The whole local months of `period` whose cells are summed and current: below the network's month and
 * cell marks, and without a device month a late write has made stale. Each with its instants.
 */
async function cellMonths(db: Db, nid: number, timeZone: string, period: Period) {
  const split = splitPeriod(nid, period, timeZone, true);
  if (!split.fromMonth) return [];
  const rows = await rowsOf<{ month: string }>(
    db,
    sql`SELECT g::date::text AS month
        FROM telemetry_month_marks m
        CROSS JOIN generate_series(${split.fromMonth}::date, ${split.toMonth}::date - 1, interval '1 month') AS g
        WHERE m.nid = ${nid} AND g < m.built_until AND g < m.cells_until
          AND NOT EXISTS (SELECT 1 FROM telemetry_monthly t JOIN devices d ON d.id = t.device_id
            WHERE d.nid = ${nid} AND t.month = g::date AND t.stale)
        ORDER BY g`,
  );
  return rows.map(({ month }) => ({ month, ...localMonthOf(month, timeZone) }));
}
