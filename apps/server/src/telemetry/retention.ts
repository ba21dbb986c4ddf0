import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { isPartitioned, monthStart } from './write-readings.ts';

/** Days a receipt at or below its gateway's mark is kept (`pruneReceipts`). */
export const RECEIPT_DAYS = 7;

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

/** Receipts deleted per statement, so a large backlog never holds one long transaction. */
const RECEIPTS_PER_DELETE = 50_000;

/**
 * Receipts of report numbers at or below their gateway's stored-up-to mark, received more than `days` ago,
 * are deleted: the table gains a row per report (86,400 a day for a gateway reporting every second). None
 * is read again: marks and holes are computed above the mark, a late `lost` range is clipped to it, and a
 * report delivered again at or below the mark is refused (`claimReceipts`). Receipts of numbers within a
 * recorded gap (a late report that filled it) are kept, as such numbers are still taken. Answers a line
 * for the job log.
 */
export async function pruneReceipts(db: Db, days: number, now: Date): Promise<string> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const [row] = await rowsOf<{ n: string }>(
      db,
      sql`WITH gone AS (
            DELETE FROM report_receipts WHERE (gateway_id, seq) IN (
              SELECT r.gateway_id, r.seq FROM report_receipts r JOIN report_marks m ON m.gateway_id = r.gateway_id
              WHERE r.seq <= m.stored_up_to AND r.received_at < ${before}::timestamptz
                AND NOT EXISTS (SELECT 1 FROM report_gaps x
                  WHERE x.gateway_id = r.gateway_id AND x.from_seq <= r.seq AND x.to_seq >= r.seq)
              LIMIT ${RECEIPTS_PER_DELETE})
            RETURNING 1)
          SELECT count(*)::text AS n FROM gone`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < RECEIPTS_PER_DELETE) break;
  }
  return `${total} report receipts at or below their marks, received before ${before.slice(0, 10)}, deleted`;
}
