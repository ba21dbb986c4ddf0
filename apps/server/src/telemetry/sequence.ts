import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gatewayDiagnoses } from '../db/schema.ts';
import { rowsOf } from './write-readings.ts';

/*
 * The report sequence of each gateway (docs/gateway-protocol.md "Durable reports"): receipts make storage
 * idempotent on (gateway, seq); the stored-up-to mark is the contiguous high-water mark computed from the
 * database (receipts and gaps), so any server process may compute it after its own commit.
 */

/** Least time between two requests for a missing range to one gateway, across processes. */
export const RESEND_REQUEST_INTERVAL_MS = 5_000;

/** Inserts receipts; answers the numbers that were new (a number already kept changes nothing). */
export async function claimReceipts(
  db: Db,
  gatewayId: number,
  reports: { seq: number; kind: string }[],
  now: Date,
): Promise<Set<number>> {
  if (reports.length === 0) return new Set();
  const kept = await rowsOf<{ seq: string }>(
    db,
    sql`INSERT INTO report_receipts (gateway_id, seq, kind, received_at)
        SELECT ${gatewayId}, s, k, ${now.toISOString()}::timestamptz
        FROM unnest(${sql.param(reports.map((r) => r.seq))}::bigint[], ${sql.param(reports.map((r) => r.kind))}::text[]) AS u(s, k)
        ON CONFLICT DO NOTHING
        RETURNING seq`,
  );
  return new Set(kept.map((row) => Number(row.seq)));
}

/**
 * Records report numbers `from`..`to` as a gap (`lost`: the gateway dropped them; `restart`: it lost its
 * counter), except the numbers that are kept: one gap row per run of missing numbers.
 */
export async function recordGap(
  db: Db,
  gatewayId: number,
  from: number,
  to: number,
  reason: 'lost' | 'restart',
  now: Date,
): Promise<void> {
  if (to < from) return;
  const kept = await rowsOf<{ seq: string }>(
    db,
    sql`SELECT seq FROM report_receipts WHERE gateway_id = ${gatewayId} AND seq BETWEEN ${from} AND ${to} ORDER BY seq`,
  );
  const runs: [number, number][] = [];
  let start = from;
  for (const { seq } of kept) {
    const n = Number(seq);
    if (n > start) runs.push([start, n - 1]);
    start = n + 1;
  }
  if (start <= to) runs.push([start, to]);
  for (const [a, b] of runs) {
    const recorded = await rowsOf(
      db,
      sql`INSERT INTO report_gaps (gateway_id, from_seq, to_seq, reason, recorded_at)
          VALUES (${gatewayId}, ${a}, ${b}, ${reason}, ${now.toISOString()}::timestamptz)
          ON CONFLICT (gateway_id, from_seq) DO NOTHING
          RETURNING id`,
    );
    // Shown in the gateway's diagnosis list, so a gap is never silent.
    if (recorded.length > 0) {
      await db.insert(gatewayDiagnoses).values({
        gatewayId,
        level: 'warning',
        code: `reports.${reason}`,
        message:
          reason === 'lost'
            ? `Reports ${a}-${b} (${b - a + 1}) were dropped by the gateway before the console stored them.`
            : `Reports ${a}-${b} never arrived: the gateway restarted its report sequence.`,
        at: now,
      });
    }
  }
}

/**
 * A gateway's report stream starts at `seq`: the mark becomes at least `seq - 1`; numbers between the old
 * mark and `seq` that are not kept become a `restart` gap.
 */
export async function startStream(db: Db, gatewayId: number, seq: number, now: Date): Promise<void> {
  const [row] = await rowsOf<{ stored_up_to: string }>(
    db,
    sql`SELECT stored_up_to FROM report_marks WHERE gateway_id = ${gatewayId} FOR UPDATE`,
  );
  if (!row) {
    await db.execute(
      sql`INSERT INTO report_marks (gateway_id, stored_up_to, updated_at) VALUES (${gatewayId}, ${seq - 1}, ${now.toISOString()}::timestamptz)
          ON CONFLICT (gateway_id) DO UPDATE SET stored_up_to = greatest(report_marks.stored_up_to, excluded.stored_up_to)`,
    );
    return;
  }
  const mark = Number(row.stored_up_to);
  if (mark >= seq - 1) return;
  await recordGap(db, gatewayId, mark + 1, seq - 1, 'restart', now);
}

/** What the console tells a gateway after a commit. */
export interface MarkOutcome {
  storedUpTo: number;
  /** A hole below the highest kept number: the range to ask for again (throttled), or null. */
  resend: { from: number; to: number } | null;
}

/**
 * Moves the gateway's stored-up-to mark over the committed receipts and gaps that follow it, and finds the
 * first hole after it. Null while the gateway has not started a stream (no mark yet).
 */
export async function advanceMark(db: Db, gatewayId: number, now: Date): Promise<MarkOutcome | null> {
  const [row] = await rowsOf<{ stored_up_to: string }>(
    db,
    sql`SELECT stored_up_to FROM report_marks WHERE gateway_id = ${gatewayId}`,
  );
  if (!row) return null;
  let mark = Number(row.stored_up_to);
  for (;;) {
    const next = mark + 1;
    const [gap] = await rowsOf<{ to_seq: string }>(
      db,
      sql`SELECT max(to_seq) AS to_seq FROM report_gaps
          WHERE gateway_id = ${gatewayId} AND from_seq <= ${next} AND to_seq >= ${next}`,
    );
    if (gap?.to_seq !== null && gap?.to_seq !== undefined) {
      mark = Number(gap.to_seq);
      continue;
    }
    // End of the run of kept numbers that starts at `next`, if `next` is kept.
    const [run] = await rowsOf<{ end: string | null }>(
      db,
      sql`SELECT min(r.seq) AS end FROM report_receipts r
          WHERE r.gateway_id = ${gatewayId} AND r.seq >= ${next}
            AND EXISTS (SELECT 1 FROM report_receipts f WHERE f.gateway_id = ${gatewayId} AND f.seq = ${next})
            AND NOT EXISTS (SELECT 1 FROM report_receipts s WHERE s.gateway_id = r.gateway_id AND s.seq = r.seq + 1)`,
    );
    if (run?.end === null || run?.end === undefined) break;
    mark = Number(run.end);
  }
  await db.execute(
    sql`UPDATE report_marks SET stored_up_to = greatest(stored_up_to, ${mark}), updated_at = ${now.toISOString()}::timestamptz
        WHERE gateway_id = ${gatewayId}`,
  );
  const [after] = await rowsOf<{ next: string | null }>(
    db,
    sql`SELECT least((SELECT min(seq) FROM report_receipts WHERE gateway_id = ${gatewayId} AND seq > ${mark}),
                     (SELECT min(from_seq) FROM report_gaps WHERE gateway_id = ${gatewayId} AND from_seq > ${mark})) AS next`,
  );
  const resend =
    after?.next !== null && after?.next !== undefined && (await claimResendRequest(db, gatewayId, now))
      ? { from: mark + 1, to: Number(after.next) - 1 }
      : null;
  return { storedUpTo: mark, resend };
}

/** At most one request for a missing range per gateway and interval, across processes. */
async function claimResendRequest(db: Db, gatewayId: number, now: Date): Promise<boolean> {
  const claimed = await rowsOf(
    db,
    sql`UPDATE report_marks SET resend_requested_at = ${now.toISOString()}::timestamptz
        WHERE gateway_id = ${gatewayId} AND (resend_requested_at IS NULL
          OR resend_requested_at < ${new Date(now.getTime() - RESEND_REQUEST_INTERVAL_MS).toISOString()}::timestamptz)
        RETURNING gateway_id`,
  );
  return claimed.length > 0;
}
