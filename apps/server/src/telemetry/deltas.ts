import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type CounterReading, counterDeltaWh } from './energy-delta.ts';
import type { ReadingRow } from './reading-rows.ts';
import { rowsOf } from './write-readings.ts';

interface StoredCounter {
  device_id: number;
  element: number;
  gateway_id: number;
  seq: string;
  at: Date | string;
  energy_raw: string;
  energy_scale: number;
  energy_serial: string;
  delta_wh: string | null;
  delta_status: string | null;
  spread_from: Date | string | null;
  rated_power: number | null;
  min_at: Date | string;
}

const HOUR_MS = 3_600_000;

/** An instant in each UTC hour overlapping (from, to]: the hour's end, which the rollups file under that hour. */
function hourEndsBetween(from: Date, to: Date): Date[] {
  const ends: Date[] = [];
  for (let start = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS; start < to.getTime(); start += HOUR_MS) {
    ends.push(new Date(start + HOUR_MS));
  }
  return ends;
}

/**
 * Recomputes the counter deltas of every device element that got new energy readings, from the reading
 * before the earliest new one onwards (a replayed older reading changes the delta of the one after it).
 * A counted delta over a gap is marked with the gap's start (`spread_from`). Answers the times of the rows
 * whose delta changed, and of the hours of a gap spread or no longer spread, by device, for the rollups.
 */
export async function recomputeDeltas(db: Db, inserted: ReadingRow[]): Promise<Map<number, Date[]>> {
  const earliest = new Map<string, { deviceId: number; element: number; at: Date }>();
  for (const row of inserted) {
    if (row.energyRaw === null) continue;
    const key = `${row.deviceId}:${row.element}`;
    const known = earliest.get(key);
    if (!known || row.at < known.at) earliest.set(key, { deviceId: row.deviceId, element: row.element, at: row.at });
  }
  const changed = new Map<number, Date[]>();
  if (earliest.size === 0) return changed;
  const touched = [...earliest.values()];
  const stored = await rowsOf<StoredCounter>(
    db,
    sql`WITH t(device_id, element, min_at) AS (
          SELECT * FROM unnest(${sql.param(touched.map((t) => t.deviceId))}::int[],
            ${sql.param(touched.map((t) => t.element))}::smallint[],
            ${sql.param(touched.map((t) => t.at.toISOString()))}::timestamptz[])),
        s AS (
          SELECT t.device_id, t.element, t.min_at, coalesce((SELECT max(r.at) FROM telemetry_readings r
            WHERE r.device_id = t.device_id AND r.element = t.element AND r.at < t.min_at
              AND r.energy_raw IS NOT NULL), t.min_at) AS from_at
          FROM t)
        SELECT r.device_id, r.element, r.gateway_id, r.seq, r.at, r.energy_raw, r.energy_scale, r.energy_serial,
          r.delta_wh::text AS delta_wh, r.delta_status, r.spread_from, d.rated_power, s.min_at
        FROM s
        CROSS JOIN LATERAL (SELECT * FROM telemetry_readings x WHERE x.device_id = s.device_id
          AND x.element = s.element AND x.at >= s.from_at AND x.energy_raw IS NOT NULL) AS r
        JOIN devices d ON d.id = r.device_id
        ORDER BY r.device_id, r.element, r.at, r.seq`,
  );
  const updates: {
    gatewayId: number;
    seq: string;
    deviceId: number;
    element: number;
    at: Date;
    wh: string;
    status: string;
    spreadFrom: string | null;
  }[] = [];
  let previous: (CounterReading & { key: string }) | null = null;
  for (const row of stored) {
    const key = `${row.device_id}:${row.element}`;
    const at = new Date(row.at);
    const reading = { raw: Number(row.energy_raw), scale: row.energy_scale, serial: row.energy_serial, at, key };
    const before = previous?.key === key ? previous : null;
    previous = reading;
    // The anchor before the earliest new reading keeps its delta.
    if (at < new Date(row.min_at)) continue;
    // The one call site of the counter rule (replaced by the domain's energy rules at merge).
    const delta = counterDeltaWh(before, reading, row.rated_power);
    const spreadFrom = delta.spread && before ? before.at : null;
    const storedFrom = row.spread_from === null ? null : new Date(row.spread_from);
    if (
      row.delta_status === delta.status &&
      row.delta_wh !== null &&
      Number(row.delta_wh) === Number(delta.wh) &&
      storedFrom?.getTime() === spreadFrom?.getTime()
    )
      continue;
    updates.push({
      gatewayId: row.gateway_id,
      seq: row.seq,
      deviceId: row.device_id,
      element: row.element,
      at,
      wh: delta.wh,
      status: delta.status,
      spreadFrom: spreadFrom?.toISOString() ?? null,
    });
    const list = changed.get(row.device_id) ?? [];
    list.push(at);
    // Every hour of a gap the delta is, or was, spread over.
    for (const from of [spreadFrom, storedFrom]) if (from) list.push(...hourEndsBetween(from, at));
    changed.set(row.device_id, list);
  }
  if (updates.length > 0) {
    await db.execute(
      sql`UPDATE telemetry_readings r SET delta_wh = u.wh, delta_status = u.status, spread_from = u.spread_from
          FROM unnest(${sql.param(updates.map((u) => u.gatewayId))}::int[], ${sql.param(updates.map((u) => u.seq))}::bigint[],
            ${sql.param(updates.map((u) => u.deviceId))}::int[], ${sql.param(updates.map((u) => u.element))}::smallint[],
            ${sql.param(updates.map((u) => u.at.toISOString()))}::timestamptz[], ${sql.param(updates.map((u) => u.wh))}::numeric[],
            ${sql.param(updates.map((u) => u.status))}::text[],
            ${sql.param(updates.map((u) => u.spreadFrom))}::timestamptz[])
            AS u(gateway_id, seq, device_id, element, at, wh, status, spread_from)
          WHERE r.gateway_id = u.gateway_id AND r.seq = u.seq AND r.device_id = u.device_id
            AND r.element = u.element AND r.at = u.at`,
    );
  }
  return changed;
}
