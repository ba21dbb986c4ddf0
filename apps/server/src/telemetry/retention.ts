import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isPartitioned, monthStart, rowsOf } from './write-readings.ts';

/**
 * Raw readings older than `months` whole months (counted back from the current month) are removed: on
 * PostgreSQL by dropping their month partitions, on PGlite (one table) by deleting them. Rollups stay.
 * `months` 0 keeps everything. Answers a line for the job log.
 */
export async function dropExpiredReadings(db: Db, months: number, now: Date): Promise<string> {
  if (months <= 0) return 'raw readings kept (TELEMETRY_RETENTION_MONTHS=0)';
  const current = monthStart(now);
  const cutoff = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - months, 1));
  if (!(await isPartitioned(db))) {
    const deleted = await rowsOf(
      db,
      sql`DELETE FROM telemetry_readings WHERE at < ${cutoff.toISOString()}::timestamptz RETURNING 1 AS one`,
    );
    return `${deleted.length} raw readings before ${cutoff.toISOString().slice(0, 7)} deleted`;
  }
  const partitions = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'telemetry_readings'`,
  );
  const limit = `${cutoff.getUTCFullYear()}${String(cutoff.getUTCMonth() + 1).padStart(2, '0')}`;
  const expired = partitions.map((p) => p.name).filter((name) => /_\d{6}$/.test(name) && name.slice(-6) < limit);
  for (const name of expired) await db.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
  return `${expired.length} month partitions before ${cutoff.toISOString().slice(0, 7)} dropped`;
}
