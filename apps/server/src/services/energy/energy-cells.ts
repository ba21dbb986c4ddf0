import type { Period } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOfRange } from '../../telemetry/write-readings.ts';
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
 * The hour-of-week cells of `devices` (a network's) over `period`, summed in SQL from the hourly rollups: one
 * row per device, local hour of the week and lit-while-unoccupied flag, whatever the period's length. Each
 * device is counted by the source chosen over the whole period (`deviceHoursOf` over all its cells).
 * The period's hours are one range of the time index, read twice (once for each zone's occupied and lit
 * hours, once for the cells) rather than held in a temporary table, and grouped by device, cell and flag
 * alone; the grouping gets 64 MB of memory instead of spilling to disk (bench/src/rollup-report.ts).
 */
export async function loadDeviceCells(
  db: Db,
  timeZone: string,
  period: Period,
  devices: readonly EnergyDevice[],
  defaults: EstimateDefaults,
): Promise<DeviceCell[]> {
  const sensed = [...new Set(devices.filter(isSensor).map((device) => device.zoneId))].filter((id) => id !== null);
  const col = <T>(pick: (device: EnergyDevice) => T) => sql.param(devices.map(pick));
  const within = sql`h.hour >= to_timestamp(${period.start}) AND h.hour < to_timestamp(${period.end})`;
  const rows = await rowsOfRange<RollupRow & { cell: number; lit_unoccupied: boolean; hours: number }>(
    db,
    sql`WITH dz(device_id, zone_id, luminaire, sensor) AS (
          SELECT * FROM unnest(${col((d) => d.id)}::int[], ${col((d) => d.zoneId)}::int[],
            ${col(isLuminaireKind)}::boolean[], ${col(isSensor)}::boolean[])),
        -- The local hour of the week of each UTC hour of the period: one time-zone conversion per hour, not per row.
        week AS (
          SELECT g AS hour, ((extract(isodow FROM g AT TIME ZONE ${timeZone}) - 1) * 24
            + extract(hour FROM g AT TIME ZONE ${timeZone}))::int AS cell
          FROM generate_series(to_timestamp(${Math.ceil(period.start / 3600) * 3600}),
            to_timestamp(${period.end}) - interval '1 second', interval '1 hour') AS g),
        -- Per zone and hour: did a device of the zone see somebody, was a luminaire of it on.
        zone_hours AS (
          SELECT dz.zone_id, h.hour, bool_or(h.occupied_seconds > 0 OR h.triggers > 0) AS occupied,
            bool_or(dz.luminaire AND h.readings > 0 AND h.on_seconds > 0) AS lit
          FROM telemetry_hourly h JOIN dz ON dz.device_id = h.device_id
          WHERE ${within} AND dz.zone_id IS NOT NULL
          GROUP BY dz.zone_id, h.hour),
        cells AS (
          SELECT h.device_id, w.cell,
            CASE WHEN dz.luminaire
              THEN h.readings > 0 AND h.on_seconds > 0 AND dz.zone_id = ANY(${sql.param(sensed)}::int[])
                AND NOT coalesce(z.occupied, false)
              ELSE dz.sensor AND h.triggers = 0 AND h.occupied_seconds = 0 AND coalesce(z.lit, false)
            END AS lit_unoccupied,
            sum(h.meter_wh) AS meter_wh, sum(h.d4i_wh) AS d4i_wh, sum(h.spread_wh) AS spread_wh,
            sum(h.quarantined_wh) AS quarantined_wh,
            sum(CASE WHEN h.readings > 0 THEN least(h.on_seconds, 3600) ELSE 0 END) AS on_seconds,
            sum(h.triggers) AS triggers, sum(h.occupied_seconds) AS occupied_seconds,
            count(*) FILTER (WHERE h.readings > 0) AS hours_reported,
            count(*) FILTER (WHERE h.meter_wh > 0) AS hours_meter, count(*) FILTER (WHERE h.d4i_wh > 0) AS hours_d4i,
            count(*)::int AS hours
          FROM telemetry_hourly h JOIN dz ON dz.device_id = h.device_id JOIN week w ON w.hour = h.hour
          LEFT JOIN zone_hours z ON z.zone_id = dz.zone_id AND z.hour = h.hour
          WHERE ${within}
          GROUP BY h.device_id, w.cell, lit_unoccupied)
        SELECT c.*, d.nid, NULL::timestamptz AS at, coalesce(d.rated_power, p.rated_power) AS rated,
          (d.kind IN ('luminaire', 'emergency')) AS luminaire
        FROM cells c JOIN devices d ON d.id = c.device_id LEFT JOIN products p ON p.id = d.product_id`,
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

const isLuminaireKind = (device: EnergyDevice) => device.kind === 'luminaire' || device.kind === 'emergency';
const isSensor = (device: EnergyDevice) => device.kind === 'motionSensor' || device.kind === 'lightSensor';
