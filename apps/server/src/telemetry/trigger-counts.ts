import { ElementType } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { ReadingRow } from './reading-rows.ts';

/* Sensors' trigger counts and last trigger times, and the readings whose triggers a trigger report brought too. */

export const twinKey = (gatewayId: number, seq: number | string, deviceId: number) => `${gatewayId}:${seq}:${deviceId}`;

/**
 * The rows among `rows` (readings with a trigger count) whose report number also brought a stored
 * `sensorTrigger` report of the same device (a section-7 trigger call with readings), as `twinKey`s. One
 * look-up by report number, only when some row counts triggers.
 */
export async function reportedTwins(db: Db, rows: readonly ReadingRow[]): Promise<Set<string>> {
  const counted = new Map<string, { gatewayId: number; seq: number }>();
  for (const row of rows) {
    if (row.triggers !== null) counted.set(`${row.gatewayId}:${row.seq}`, { gatewayId: row.gatewayId, seq: row.seq });
  }
  if (counted.size === 0) return new Set();
  const pairs = [...counted.values()];
  const found = await rowsOf<{ gateway_id: number; seq: string; device_id: number }>(
    db,
    sql`SELECT x.gateway_id, x.seq::text AS seq, x.device_id FROM device_readings x
        JOIN unnest(${sql.param(pairs.map((p) => p.gatewayId))}::int[], ${sql.param(pairs.map((p) => p.seq))}::bigint[])
          AS u(gateway_id, seq) ON x.gateway_id = u.gateway_id AND x.seq = u.seq
        WHERE x.kind = 'sensorTrigger'`,
  );
  return new Set(found.map((row) => twinKey(row.gateway_id, row.seq, row.device_id)));
}

/**
 * A sensor's trigger count is the sum of its daily rollups, which hold its readings' triggers and its
 * `sensorTrigger` reports (a report counted once when a reading of the same number brought it too: a
 * section-7 call with readings keeps both under one number); its last trigger time comes from both.
 */
export async function refreshTriggers(db: Db, deviceIds: number[]): Promise<void> {
  const ids = sql.param(deviceIds);
  await db.execute(
    sql`UPDATE devices d SET sensor_trigger_count =
          (SELECT coalesce(sum(t.triggers), 0) FROM telemetry_daily t WHERE t.device_id = d.id)
        WHERE d.id = ANY(${ids}::int[])`,
  );
  await db.execute(
    // Only readings after the element's last trigger can move it: a short index range, not the whole history.
    sql`UPDATE device_elements e SET triggered_at = greatest(e.triggered_at, last.at)
        FROM (SELECT r.device_id, r.element, max(r.at) AS at FROM telemetry_readings r
              JOIN device_elements x ON x.device_id = r.device_id AND x.index = r.element
              WHERE r.device_id = ANY(${ids}::int[]) AND r.triggers > 0
                AND r.at > coalesce(x.triggered_at, '-infinity'::timestamptz)
              GROUP BY r.device_id, r.element) AS last
        WHERE e.device_id = last.device_id AND e.index = last.element`,
  );
  await db.execute(
    sql`UPDATE device_elements e SET triggered_at = greatest(e.triggered_at, last.at)
        FROM (SELECT x.device_id, max(x.at) AS at FROM device_readings x
              WHERE x.device_id = ANY(${ids}::int[]) AND x.kind = 'sensorTrigger' GROUP BY x.device_id) AS last
        WHERE e.device_id = last.device_id AND e.type = ${ElementType.motionSensor}`,
  );
}
