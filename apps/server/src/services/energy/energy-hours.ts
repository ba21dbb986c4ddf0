import { DEFAULT_STANDBY_W, type EnergySource } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, rowsOfRange } from '../../db/rows.ts';
import { deviceZones, RATED_CAPPED_SECONDS } from '../../telemetry/index.ts';

/**
 * One device's energy in one UTC hour, or in one whole local day of a long period, counted by its best
 * source (spec section 1: a meter first, then the D4i driver's counter, then an estimate from rated power,
 * on-time and the reported light level), with what its sensors saw.
 */
export interface DeviceHour {
  deviceId: number;
  /** Start of the UTC hour, or of the local day: epoch seconds. */
  hour: number;
  source: EnergySource;
  wh: number;
  /** Every luminaire at its rated power for each hour it was in operation (the savings baseline). */
  baselineWh: number;
  /** On-time, each hour's capped at 3,600 s. */
  onSeconds: number;
  /** Of the on-time, the seconds whose readings reported the light level (the rest is estimated at 100 %). */
  levelSeconds: number;
  /** Seconds of the hours the device reported in (3,600 for an hour with a reading). */
  reportedSeconds: number;
  triggers: number;
  occupiedSeconds: number;
  quarantinedWh: number;
  /** Part of `wh` that is a share of a counter delta spread over a reporting gap. */
  spreadWh: number;
}

/** A real device of a network as the energy screens group it. */
export interface EnergyDevice {
  id: number;
  nid: number;
  name: string;
  kind: string;
  zoneId: number | null;
  ratedW: number | null;
  online: boolean;
}

/** Estimate defaults of a network: rated W of a luminaire without one (null: not estimated), standby W. */
export type EstimateDefaults = ReadonlyMap<number, { ratedW: number | null; standbyW: number }>;

/** An hourly rollup row as the hourly loader reads it: what its device is comes once per device (`RollupDevice`). */
export interface HourRow {
  device_id: number;
  /** Start of the hour or of the local day: epoch seconds (a bigint's text as the driver gives it, or a number). */
  at: string | number;
  meter_wh: string;
  d4i_wh: string;
  spread_wh: string;
  quarantined_wh: string;
  /** On-time of the hours with a reading, each capped at 3,600 s. */
  on_seconds: string | number;
  /** The same on-time at rated power: weighted by the reported level's share of it (`ratedSecondsAt`). */
  rated_seconds: string | number;
  /** On-time whose readings reported a level. */
  level_seconds: string | number;
  triggers: string | number;
  occupied_seconds: string | number;
  /** Hours with a reading (0 or 1 for an hour). */
  hours_reported: string | number;
  /** Counted readings of the device's D4i counter, and of its meter, whatever they counted (0 Wh included). */
  d4i_readings: string | number;
  meter_readings: string | number;
}

/** What the rows of a device tell of it: its network, rated W (its own, else its product's), whether a luminaire. */
export interface RollupDevice {
  nid: number;
  rated: number | null;
  luminaire: boolean;
}

/** An hourly or daily rollup row as the long-period loader reads it: sums over the hours it stands for. */
export interface RollupRow extends HourRow, RollupDevice {
  /** Hours whose meter, and whose D4i counter, counted energy. */
  hours_meter: string | number;
  hours_d4i: string | number;
}

/** The columns of an hourly rollup row `h` in the shape of `RollupRow`. */
export const HOUR_AS_ROLLUP = sql`h.device_id, d.nid, extract(epoch FROM h.hour)::bigint AS at, h.meter_wh, h.d4i_wh, h.spread_wh, h.quarantined_wh,
  CASE WHEN h.readings > 0 THEN least(h.on_seconds, 3600) ELSE 0 END AS on_seconds,
  ${RATED_CAPPED_SECONDS} AS rated_seconds, h.level_seconds, h.triggers, h.occupied_seconds,
  (h.readings > 0)::int AS hours_reported, (h.meter_wh > 0)::int AS hours_meter, (h.d4i_wh > 0)::int AS hours_d4i,
  h.d4i_readings, h.meter_readings, coalesce(d.rated_power, p.rated_power) AS rated,
  (d.kind IN ('luminaire', 'emergency')) AS luminaire`;

/** A device whose rows outlived it (deleted between two reads): counted as no luminaire of no network. */
const UNKNOWN_DEVICE: RollupDevice = { nid: 0, rated: null, luminaire: false };

/**
 * Device-hours (or device-days) of rollup rows, each device counted by its best source over the rows: a
 * meter, else its D4i counter (a counter is the source when it sent a counted reading in the period or
 * counted energy, 0 Wh included: a lamp off all period is its counter's 0 Wh, not an estimate), else (a
 * luminaire with a rated power, its own or its product's, else the network's estimate default) the
 * estimate rated W × on-time at rated power (each reading's on-time weighted by the power its reported
 * level draws, `ratedSecondsAt`; 100 % where it reported none) + standby W (the network's default, 0.5 W
 * unless set) × the rest of the hours it reported in.
 * Quarantined counter jumps are reported, not summed. The baseline of savings is the rated power for each
 * hour a luminaire was in operation: it reported (an estimated one) or its counter counted energy. Every
 * term is a sum over hours, so a day row gives what its hours would.
 */
export function deviceHoursOf(
  rows: readonly (RollupRow | HourRow)[],
  defaults: EstimateDefaults,
  devices: ReadonlyMap<number, RollupDevice> = new Map(),
): DeviceHour[] {
  // The source is chosen per device over the period (section 1): a device whose meter or driver counter
  // sent a counted reading (a delta, 0 Wh included) or counted energy (a share of a delta spread over a gap)
  // in the period is counted by it in every hour, an hour with no counted delta (a baseline) as not
  // measured; only a device with neither is estimated. A meter comes first.
  const counterOf = new Map<number, 'meter' | 'd4i'>();
  for (const row of rows) {
    if (Number(row.meter_readings) > 0 || Number(row.meter_wh) > 0) counterOf.set(row.device_id, 'meter');
    else if ((Number(row.d4i_readings) > 0 || Number(row.d4i_wh) > 0) && counterOf.get(row.device_id) !== 'meter') {
      counterOf.set(row.device_id, 'd4i');
    }
  }
  return rows.map((row): DeviceHour => {
    const counter = counterOf.get(row.device_id);
    // An hourly row without its device's columns: the device's are looked up, its counter counted in the
    // hour when it counted energy.
    const device = 'nid' in row ? row : (devices.get(row.device_id) ?? UNKNOWN_DEVICE);
    const on = Number(row.on_seconds);
    const reported = Number(row.hours_reported) * 3600;
    const fallback = defaults.get(device.nid);
    const rated = device.rated ?? fallback?.ratedW ?? 0;
    const standby = fallback?.standbyW ?? DEFAULT_STANDBY_W;
    const atRated = Number(row.rated_seconds);
    let wh = device.luminaire && rated > 0 ? (rated * atRated + standby * (reported - on)) / 3600 : 0;
    let hoursInOperation = Number(row.hours_reported);
    if (counter) {
      wh = Number(counter === 'meter' ? row.meter_wh : row.d4i_wh);
      if ('hours_meter' in row) hoursInOperation = Number(counter === 'meter' ? row.hours_meter : row.hours_d4i);
      else hoursInOperation = wh > 0 ? 1 : 0;
    }
    return {
      deviceId: row.device_id,
      hour: Number(row.at),
      source: counter ?? 'estimate',
      wh,
      baselineWh: device.luminaire ? rated * hoursInOperation : 0,
      onSeconds: on,
      levelSeconds: Math.min(on, Number(row.level_seconds)),
      reportedSeconds: reported,
      triggers: Number(row.triggers),
      occupiedSeconds: Number(row.occupied_seconds),
      quarantinedWh: Number(row.quarantined_wh),
      spreadWh: counter ? Number(row.spread_wh) : 0,
    };
  });
}

/** SQL condition on devices `d`: one of `deviceIds`, or any without them. */
export function onlyDevices(deviceIds: readonly number[] | undefined, column: 'd.id' | 't.device_id' = 'd.id') {
  return deviceIds ? sql`AND ${sql.raw(column)} = ANY(${sql.param([...deviceIds])}::int[])` : sql``;
}

/**
 * The device-hours of networks `nids` in [start, end), from the hourly rollups (`deviceHoursOf`); with
 * `deviceIds`, of those devices only.
 */
export async function loadDeviceHours(
  db: Db,
  nids: readonly number[],
  start: number,
  end: number,
  defaults: EstimateDefaults = new Map(),
  deviceIds?: readonly number[],
): Promise<DeviceHour[]> {
  if (nids.length === 0) return [];
  // The period's range of the time index (telemetry_hourly_hour_idx) joined to the networks' devices.
  const rows = await rowsOfRange<RollupRow>(
    db,
    sql`SELECT ${HOUR_AS_ROLLUP}
        FROM devices d LEFT JOIN products p ON p.id = d.product_id
        JOIN telemetry_hourly h ON h.device_id = d.id
          AND h.hour >= to_timestamp(${start}) AND h.hour < to_timestamp(${end})
        WHERE d.nid = ANY(${sql.param([...nids])}::int[]) ${onlyDevices(deviceIds)}
        ORDER BY h.hour, h.device_id`,
  );
  return deviceHoursOf(rows, defaults);
}

/**
 * The real devices of networks `nids` with the zone of the plan node that shows them (directly or through
 * a bound virtual device) and whether they answer now. Which are faulty: `loadFaultyDevices`.
 */
export async function loadEnergyDevices(db: Db, nids: readonly number[]): Promise<EnergyDevice[]> {
  if (nids.length === 0) return [];
  const rows = await rowsOf<{
    id: number;
    nid: number;
    name: string;
    kind: string;
    zone_id: number | null;
    rated: number | null;
    online: boolean | null;
  }>(
    db,
    sql`SELECT d.id, d.nid, d.name, d.kind, coalesce(d.rated_power, p.rated_power) AS rated, z.zone_id, d.online
        FROM devices d LEFT JOIN products p ON p.id = d.product_id
          LEFT JOIN ${deviceZones(sql`${sql.param([...nids])}::int[]`)} z ON z.device_id = d.id AND z.nid = d.nid
        WHERE d.nid = ANY(${sql.param([...nids])}::int[]) AND NOT d.is_virtual
        ORDER BY d.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    nid: row.nid,
    name: row.name,
    kind: row.kind,
    zoneId: row.zone_id,
    ratedW: row.rated,
    online: row.online ?? false,
  }));
}
