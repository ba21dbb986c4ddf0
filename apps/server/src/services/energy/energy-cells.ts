import type { Period } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../telemetry/write-readings.ts';
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
 * The hour-of-week cells of a network's devices over `period`, summed in SQL from the hourly rollups: one
 * row per device, local hour of the week and lit-while-unoccupied flag, whatever the period's length. Each
 * device is counted by the source chosen over the whole period (`deviceHoursOf` over all its cells).
 */
export async function loadDeviceCells(
  db: Db,
  nid: number,
  timeZone: string,
  period: Period,
  devices: readonly EnergyDevice[],
  defaults: EstimateDefaults,
): Promise<DeviceCell[]> {
  const zoned = devices.filter((device) => device.zoneId !== null);
  const sensed = [...new Set(devices.filter(isSensor).map((device) => device.zoneId!))].filter((id) => id !== null);
  const rows = await rowsOf<RollupRow & { cell: number; lit_unoccupied: boolean; hours: number }>(
    db,
    sql`WITH dz(device_id, zone_id) AS (
          SELECT * FROM unnest(${sql.param(zoned.map((d) => d.id))}::int[], ${sql.param(zoned.map((d) => d.zoneId))}::int[])),
        h AS (
          SELECT h.*, dz.zone_id FROM devices d
          CROSS JOIN LATERAL (SELECT * FROM telemetry_hourly h WHERE h.device_id = d.id
            AND h.hour >= to_timestamp(${period.start}) AND h.hour < to_timestamp(${period.end}) OFFSET 0) AS h
          LEFT JOIN dz ON dz.device_id = h.device_id
          WHERE d.nid = ${nid}),
        -- The local hour of the week of each UTC hour of the period: one time-zone conversion per hour, not per row.
        week AS (
          SELECT g AS hour, ((extract(isodow FROM g AT TIME ZONE ${timeZone}) - 1) * 24
            + extract(hour FROM g AT TIME ZONE ${timeZone}))::int AS cell
          FROM generate_series(to_timestamp(${Math.ceil(period.start / 3600) * 3600}),
            to_timestamp(${period.end}) - interval '1 second', interval '1 hour') AS g),
        occupied AS (SELECT DISTINCT zone_id, hour FROM h WHERE zone_id IS NOT NULL AND (occupied_seconds > 0 OR triggers > 0)),
        lit AS (
          SELECT DISTINCT h.zone_id, h.hour FROM h JOIN devices d ON d.id = h.device_id
          WHERE h.zone_id IS NOT NULL AND d.kind IN ('luminaire', 'emergency') AND h.readings > 0 AND h.on_seconds > 0)
        SELECT h.device_id, d.nid, NULL::timestamptz AS at, sum(h.meter_wh) AS meter_wh, sum(h.d4i_wh) AS d4i_wh,
          sum(h.spread_wh) AS spread_wh, sum(h.quarantined_wh) AS quarantined_wh,
          sum(CASE WHEN h.readings > 0 THEN least(h.on_seconds, 3600) ELSE 0 END) AS on_seconds,
          sum(h.triggers) AS triggers, sum(h.occupied_seconds) AS occupied_seconds,
          count(*) FILTER (WHERE h.readings > 0) AS hours_reported, count(*) FILTER (WHERE h.meter_wh > 0) AS hours_meter,
          count(*) FILTER (WHERE h.d4i_wh > 0) AS hours_d4i, coalesce(d.rated_power, p.rated_power) AS rated,
          (d.kind IN ('luminaire', 'emergency')) AS luminaire, count(*)::int AS hours,
          w.cell,
          CASE WHEN d.kind IN ('luminaire', 'emergency')
            THEN h.readings > 0 AND h.on_seconds > 0 AND h.zone_id = ANY(${sql.param(sensed)}::int[])
              AND o.zone_id IS NULL
            ELSE d.kind IN ('motionSensor', 'lightSensor') AND h.triggers = 0 AND h.occupied_seconds = 0
              AND l.zone_id IS NOT NULL
          END AS lit_unoccupied
        FROM h JOIN week w ON w.hour = h.hour
        JOIN devices d ON d.id = h.device_id LEFT JOIN products p ON p.id = d.product_id
        -- One row at most each: both are distinct per zone and hour (hash joins, not a lookup per row).
        LEFT JOIN occupied o ON o.zone_id = h.zone_id AND o.hour = h.hour
        LEFT JOIN lit l ON l.zone_id = h.zone_id AND l.hour = h.hour
        GROUP BY h.device_id, d.nid, d.rated_power, p.rated_power, d.kind, w.cell, lit_unoccupied`,
  );
  const energy = deviceHoursOf(rows, defaults);
  return rows.map((row, index) => ({
    cell: row.cell,
    litUnoccupied: row.lit_unoccupied === true,
    hours: Number(row.hours),
    energy: energy[index]!,
  }));
}

const isSensor = (device: EnergyDevice) => device.kind === 'motionSensor' || device.kind === 'lightSensor';
