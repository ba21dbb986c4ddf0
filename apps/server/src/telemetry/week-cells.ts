import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { localMonthOf } from './months.ts';
import { RATED_CAPPED_SECONDS } from './rollups.ts';

/*
 * Hour-of-week cells: per device, local hour of the week (Monday 00:00 = 0) and "lit while unoccupied"
 * flag, the sums of its hourly rollups. The heat maps draw them; a long period reads each closed local
 * month from `telemetry_cells_monthly` (summed once by the `rollup-months` job) and only its other hours
 * from the hourly rollups (docs/decisions.md, "Heat maps read closed months as cells").
 */

/** A device as the cells see it: the zone whose occupancy it shares, and what kind of device it is. */
export interface CellDevice {
  id: number;
  zoneId: number | null;
  kind: string;
}

export const isLuminaireKind = (device: CellDevice) => device.kind === 'luminaire' || device.kind === 'emergency';
export const isSensorKind = (device: CellDevice) => device.kind === 'motionSensor' || device.kind === 'lightSensor';

/** The summed columns of a cell, in the order both the hourly sums and the monthly cells give them. */
export const CELL_SUMS = [
  'meter_wh',
  'd4i_wh',
  'spread_wh',
  'quarantined_wh',
  'on_seconds',
  'rated_seconds',
  'level_seconds',
  'triggers',
  'occupied_seconds',
  'hours_reported',
  'hours_meter',
  'hours_d4i',
  'd4i_readings',
  'meter_readings',
  'hours',
] as const;

/**
 * The cells of `devices` over the UTC `ranges` ([start, end) epoch seconds; an hour belongs to the range its
 * start lies in) in `timeZone`: one row per device, cell and flag, with the `CELL_SUMS` columns. A
 * luminaire's hour is lit while unoccupied when it was on (in an hour with a reading) in a zone that has a
 * sensor and no device of the zone saw anybody; a sensor's when it saw nobody while a luminaire of its zone
 * was on. Each range is one range of the hourly rollups' time index.
 */
export function cellSums(
  timeZone: string,
  ranges: readonly (readonly [number, number])[],
  devices: readonly CellDevice[],
): SQL {
  const sensed = [...new Set(devices.filter(isSensorKind).map((device) => device.zoneId))].filter((id) => id !== null);
  const col = <T>(pick: (device: CellDevice) => T) => sql.param(devices.map(pick));
  const starts = sql.param(ranges.map(([start]) => start));
  const ends = sql.param(ranges.map(([, end]) => end));
  return sql`WITH dz(device_id, zone_id, luminaire, sensor) AS (
      SELECT * FROM unnest(${col((d) => d.id)}::int[], ${col((d) => d.zoneId)}::int[],
        ${col(isLuminaireKind)}::boolean[], ${col(isSensorKind)}::boolean[])),
    -- Each range with its first whole UTC hour (a local month of a zone off whole hours starts mid-hour).
    r(s, e, first) AS (
      SELECT to_timestamp(s), to_timestamp(e), to_timestamp(ceil(s / 3600.0) * 3600)
      FROM unnest(${starts}::bigint[], ${ends}::bigint[]) AS u(s, e)),
    -- Read twice (per zone, per device), each time a range of the time index, never held in a temporary table.
    hours AS NOT MATERIALIZED (
      SELECT h.* FROM r JOIN telemetry_hourly h ON h.hour >= r.s AND h.hour < r.e
      WHERE h.device_id IN (SELECT device_id FROM dz)),
    -- The local hour of the week of each UTC hour: one time-zone conversion per hour, not per row.
    week AS (
      SELECT g AS hour, ((extract(isodow FROM g AT TIME ZONE ${timeZone}) - 1) * 24
        + extract(hour FROM g AT TIME ZONE ${timeZone}))::int AS cell
      FROM r CROSS JOIN LATERAL generate_series(r.first, r.e - interval '1 second', interval '1 hour') AS g),
    -- Per zone and hour: did a device of the zone see somebody, was a luminaire of it on.
    zone_hours AS (
      SELECT dz.zone_id, h.hour, bool_or(h.occupied_seconds > 0 OR h.triggers > 0) AS occupied,
        bool_or(dz.luminaire AND h.readings > 0 AND h.on_seconds > 0) AS lit
      FROM hours h JOIN dz ON dz.device_id = h.device_id
      WHERE dz.zone_id IS NOT NULL
      GROUP BY dz.zone_id, h.hour)
    SELECT h.device_id, w.cell,
      CASE WHEN dz.luminaire
        THEN h.readings > 0 AND h.on_seconds > 0 AND dz.zone_id = ANY(${sql.param(sensed)}::int[])
          AND NOT coalesce(z.occupied, false)
        ELSE dz.sensor AND h.triggers = 0 AND h.occupied_seconds = 0 AND coalesce(z.lit, false)
      END AS lit_unoccupied,
      sum(h.meter_wh) AS meter_wh, sum(h.d4i_wh) AS d4i_wh, sum(h.spread_wh) AS spread_wh,
      sum(h.quarantined_wh) AS quarantined_wh,
      sum(CASE WHEN h.readings > 0 THEN least(h.on_seconds, 3600) ELSE 0 END) AS on_seconds,
      sum(${RATED_CAPPED_SECONDS}) AS rated_seconds, sum(h.level_seconds) AS level_seconds,
      sum(h.triggers) AS triggers, sum(h.occupied_seconds) AS occupied_seconds,
      count(*) FILTER (WHERE h.readings > 0) AS hours_reported,
      count(*) FILTER (WHERE h.meter_wh > 0) AS hours_meter, count(*) FILTER (WHERE h.d4i_wh > 0) AS hours_d4i,
      sum(h.d4i_readings) AS d4i_readings, sum(h.meter_readings) AS meter_readings, count(*)::int AS hours
    FROM hours h JOIN dz ON dz.device_id = h.device_id JOIN week w ON w.hour = h.hour
    LEFT JOIN zone_hours z ON z.zone_id = dz.zone_id AND z.hour = h.hour
    GROUP BY h.device_id, w.cell, lit_unoccupied`;
}

/**
 * The zones of the devices of the networks `nids` (an `int[]` expression), a table of (nid, device_id,
 * zone_id) to join to `devices d` on `device_id = d.id AND nid = d.nid`: a device's zone is that of the plan
 * node of its network that shows it, directly or through a bound virtual device (the lowest zone id when
 * several do). Summed once for the networks' nodes rather than looked up per device (`nodes` has no index
 * on the device it shows).
 */
export function deviceZones(nids: SQL): SQL {
  return sql`(SELECT s.nid, s.device_id, min(s.zone_id) AS zone_id FROM (
      SELECT n.nid, n.rid AS device_id, n.zone_id FROM nodes n WHERE n.nid = ANY(${nids}) AND n.rid IS NOT NULL
      UNION ALL
      SELECT n.nid, n.vid, n.zone_id FROM nodes n WHERE n.nid = ANY(${nids}) AND n.vid IS NOT NULL
      UNION ALL
      SELECT n.nid, v.bound_id, n.zone_id FROM nodes n JOIN devices v ON v.id = n.vid AND v.is_virtual
      WHERE n.nid = ANY(${nids}) AND v.bound_id IS NOT NULL) s
    GROUP BY s.nid, s.device_id)`;
}

/** The real devices of network `nid` with their zones, as the energy screens see them. */
async function cellDevicesOf(db: Db, nid: number): Promise<CellDevice[]> {
  const rows = await rowsOf<{ id: number; zone_id: number | null; kind: string }>(
    db,
    sql`SELECT d.id, d.kind, z.zone_id
        FROM devices d LEFT JOIN ${deviceZones(sql`ARRAY[${nid}::int]`)} z ON z.device_id = d.id AND z.nid = d.nid
        WHERE d.nid = ${nid} AND NOT d.is_virtual ORDER BY d.id`,
  );
  return rows.map((row) => ({ id: row.id, zoneId: row.zone_id, kind: row.kind }));
}

const SUM_COLUMNS = sql.raw(CELL_SUMS.join(', '));

/**
 * Sums the cells of network `nid`'s local month `month` (its first day) from the hourly rollups, in place of
 * what was summed before, with the zones its devices are in now. A month is summed once it has closed; a
 * late write into it lowers the network's cell mark, so the job sums it again.
 */
export async function sumMonthCells(db: Db, nid: number, timeZone: string, month: string): Promise<void> {
  const devices = await cellDevicesOf(db, nid);
  const { start, end } = localMonthOf(month, timeZone);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SELECT set_config('work_mem', '64MB', true)`);
    await tx.execute(
      sql`DELETE FROM telemetry_cells_monthly
          WHERE month = ${month}::date AND device_id IN (SELECT id FROM devices WHERE nid = ${nid})`,
    );
    if (devices.length === 0) return;
    await tx.execute(
      sql`INSERT INTO telemetry_cells_monthly (device_id, month, cell, lit_unoccupied, ${SUM_COLUMNS})
          SELECT c.device_id, ${month}::date, c.cell, c.lit_unoccupied, ${SUM_COLUMNS}
          FROM (${cellSums(timeZone, [[start, end]], devices)}) AS c`,
    );
  });
}
