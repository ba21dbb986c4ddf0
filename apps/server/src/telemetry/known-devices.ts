import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { KnownElements, ReadingDevice } from './reading-rows.ts';
import type { GatewayReports } from './report-batches.ts';

/* The devices a batch of readings names, as storing them needs them. */

/**
 * What storing needs of a known device: its id, rated power (counter rules), network time zone (days) and
 * elements (which are D4i, which dim linearly: declared sources and the estimate's levels).
 */
export interface KnownDevice extends ReadingDevice {
  ratedPower: number | null;
  timeZone: string;
}

/** The element flags of a device as one query gives them: index, D4i, linear. */
function knownElements(list: [number, boolean, boolean][] | null): KnownElements {
  const d4i = new Set<number>();
  const linear = new Set<number>();
  for (const [index, isD4i, isLinear] of list ?? []) {
    if (isD4i) d4i.add(index);
    if (isLinear) linear.add(index);
  }
  return { d4i, linear };
}

/** The real devices the batch's readings name, by network and MAC: one statement for the whole batch. */
export async function knownDevices(db: Db, batches: GatewayReports[]): Promise<Map<number, Map<string, KnownDevice>>> {
  const pairs = new Set<string>();
  const nids: number[] = [];
  const macs: string[] = [];
  for (const { gateway, reports } of batches) {
    for (const report of reports) {
      if (report.kind !== 'readings') continue;
      for (const device of report.devices) {
        const key = `${gateway.nid}:${device.mac}`;
        if (pairs.has(key)) continue;
        pairs.add(key);
        nids.push(gateway.nid);
        macs.push(device.mac);
      }
    }
  }
  const byNid = new Map<number, Map<string, KnownDevice>>();
  if (nids.length === 0) return byNid;
  const rows = await rowsOf<{
    id: number;
    nid: number;
    mac: string;
    rated_power: number | null;
    time_zone: string;
    elements: [number, boolean, boolean][] | null;
  }>(
    db,
    sql`SELECT d.id, d.nid, d.mac, d.rated_power, n.time_zone,
          (SELECT json_agg(json_build_array(e.index, e.is_d4i, e.is_linear)) FROM device_elements e
           WHERE e.device_id = d.id) AS elements
        FROM unnest(${sql.param(nids)}::int[], ${sql.param(macs)}::text[]) AS u(nid, mac)
        JOIN devices d ON d.nid = u.nid AND d.mac = u.mac AND d.is_virtual = false
        JOIN networks n ON n.id = d.nid`,
  );
  for (const row of rows) {
    const known = byNid.get(row.nid) ?? new Map<string, KnownDevice>();
    known.set(row.mac, {
      id: row.id,
      ratedPower: row.rated_power,
      timeZone: row.time_zone,
      elements: knownElements(row.elements),
    });
    byNid.set(row.nid, known);
  }
  return byNid;
}
