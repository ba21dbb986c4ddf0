import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Adds reported on-time to devices' usage time (`devices.usage_seconds`), in one statement: `seconds` by
 * device id, from reports the same transaction has just kept (a redelivered report adds nothing). The rows
 * are locked in id order first (the materialised CTE), so two processes adding to the same devices never
 * wait for each other.
 */
export async function addUsage(db: Db, seconds: Map<number, number>, now: Date): Promise<void> {
  const ids = [...seconds.keys()].filter((id) => (seconds.get(id) ?? 0) > 0).sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db.execute(
    sql`WITH locked AS MATERIALIZED (SELECT id FROM devices WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE)
        UPDATE devices d SET usage_seconds = d.usage_seconds + u.seconds, updated_at = ${now.toISOString()}::timestamptz
        FROM unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => seconds.get(id)!))}::bigint[]) AS u(id, seconds)
        WHERE d.id = u.id AND u.id IN (SELECT id FROM locked)`,
  );
}
