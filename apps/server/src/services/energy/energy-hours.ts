import { DEFAULT_STANDBY_W, type EnergySource } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../telemetry/write-readings.ts';

/**
 * One device's energy in one UTC hour, counted by its best source (spec section 1: a meter first, then
 * the D4i driver's counter, then an estimate from rated power and on-time), with what its sensors saw.
 */
export interface DeviceHour {
  deviceId: number;
  /** Start of the UTC hour: epoch seconds. */
  hour: number;
  source: EnergySource;
  wh: number;
  /** Every luminaire at its rated power for the hour it reported in (the savings baseline). */
  baselineWh: number;
  onSeconds: number;
  triggers: number;
  occupiedSeconds: number;
  quarantinedWh: number;
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
  fault: boolean;
}

/**
 * The device-hours of networks `nids` in [start, end), each counted by its device's best source over the
 * period: a meter, else its D4i counter, else (a luminaire with a rated power, its own or its product's,
 * else the network's estimate default) the estimate rated W × on-time + standby W (the network's
 * default, 0.5 W unless set) × the rest of the hour. Quarantined counter jumps are reported, not summed. The
 * baseline of savings is the rated power for each hour a luminaire was in operation (reporting, and for
 * a counted device with a counted delta).
 */
export async function loadDeviceHours(
  db: Db,
  nids: readonly number[],
  start: number,
  end: number,
  defaults: ReadonlyMap<number, { ratedW: number | null; standbyW: number }> = new Map(),
) {
  if (nids.length === 0) return [];
  const rows = await rowsOf<{
    device_id: number;
    nid: number;
    hour: string | Date;
    meter_wh: string;
    d4i_wh: string;
    rated: number | null;
    on_seconds: string | number;
    triggers: string | number;
    occupied_seconds: string | number;
    quarantined_wh: string;
    readings: number;
    luminaire: boolean;
  }>(
    db,
    sql`SELECT h.device_id, d.nid, h.hour, h.meter_wh, h.d4i_wh, h.on_seconds, h.triggers, h.occupied_seconds,
          h.quarantined_wh, h.readings, coalesce(d.rated_power, p.rated_power) AS rated,
          (d.kind IN ('luminaire', 'emergency')) AS luminaire
        FROM telemetry_hourly h
        JOIN devices d ON d.id = h.device_id
        LEFT JOIN products p ON p.id = d.product_id
        WHERE d.nid = ANY(${sql.param([...nids])}::int[])
          AND h.hour >= to_timestamp(${start}) AND h.hour < to_timestamp(${end})
        ORDER BY h.hour, h.device_id`,
  );
  // The source is chosen per device over the period (section 1): a device whose meter or driver counter
  // counted energy in the period is counted by it in every hour, an hour with no counted delta (a
  // baseline, a gap) as not measured; only a device with neither is estimated.
  const counterOf = new Map<number, 'meter' | 'd4i'>();
  for (const row of rows) {
    if (Number(row.meter_wh) > 0) counterOf.set(row.device_id, 'meter');
    else if (Number(row.d4i_wh) > 0 && counterOf.get(row.device_id) !== 'meter') counterOf.set(row.device_id, 'd4i');
  }
  return rows.map((row): DeviceHour => {
    const counter = counterOf.get(row.device_id);
    const measured = counter === 'meter' ? Number(row.meter_wh) : counter === 'd4i' ? Number(row.d4i_wh) : 0;
    const on = Math.min(3600, Number(row.on_seconds));
    const fallback = defaults.get(row.nid);
    const rated = row.rated ?? fallback?.ratedW ?? 0;
    const standby = fallback?.standbyW ?? DEFAULT_STANDBY_W;
    const estimate = row.luminaire && rated > 0 ? (rated * on + standby * (3600 - on)) / 3600 : 0;
    const source: EnergySource = counter ?? 'estimate';
    const inOperation = row.luminaire && row.readings > 0 && (counter === undefined || measured > 0);
    return {
      deviceId: row.device_id,
      hour: Math.floor(new Date(row.hour).getTime() / 1000),
      source,
      wh: counter ? measured : estimate,
      baselineWh: inOperation ? rated : 0,
      onSeconds: on,
      triggers: Number(row.triggers),
      occupiedSeconds: Number(row.occupied_seconds),
      quarantinedWh: Number(row.quarantined_wh),
    };
  });
}

/**
 * The real devices of networks `nids` with the zone of the plan node that shows them (directly or through
 * a bound virtual device), whether they answer now and whether an element reports a fault.
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
    fault: boolean | null;
  }>(
    db,
    sql`SELECT d.id, d.nid, d.name, d.kind, coalesce(d.rated_power, p.rated_power) AS rated,
          (SELECT min(n.zone_id) FROM nodes n
             WHERE n.nid = d.nid AND (n.rid = d.id OR n.vid = d.id
               OR n.vid IN (SELECT v.id FROM devices v WHERE v.bound_id = d.id AND v.is_virtual))) AS zone_id,
          d.online,
          (SELECT bool_or(e.status <> 0) FROM device_elements e WHERE e.device_id = d.id) AS fault
        FROM devices d LEFT JOIN products p ON p.id = d.product_id
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
    fault: row.fault ?? false,
  }));
}
