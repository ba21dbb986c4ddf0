import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { gatewayDiagnoses } from '../db/schema.ts';

/*
 * The report sequence of each gateway (docs/gateway-protocol.md "Durable reports"): receipts make storage
 * idempotent on (gateway, seq); the stored-up-to mark is the contiguous high-water mark computed from the
 * database (receipts and gaps), so any server process may compute it after its own commit.
 */

/** Least time between two requests for a missing range to one gateway, across processes. */
export const RESEND_REQUEST_INTERVAL_MS = 5_000;

/** A report number to claim: the gateway, its number and the report's kind. */
export interface ReceiptClaim {
  gatewayId: number;
  seq: number;
  kind: string;
}

/** The key of a (gateway, seq) pair in the sets these functions answer. */
export const receiptKey = (gatewayId: number, seq: number) => `${gatewayId}:${seq}`;

/**
 * Inserts the receipts of many gateways in one statement; answers the (gateway, seq) pairs that were new
 * (`receiptKey`). A number already kept, or named twice, is new at most once. At or below its gateway's
 * stored-up-to mark only a number of a recorded gap can be new (a late report filling it): every other one
 * there was kept, even once its receipt is pruned (`pruneReceipts`, which keeps the receipts within gaps).
 */
export async function claimReceipts(db: Db, claims: ReceiptClaim[], now: Date): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const kept = await rowsOf<{ gateway_id: number; seq: string }>(
    db,
    sql`INSERT INTO report_receipts (gateway_id, seq, kind, received_at)
        SELECT u.g, u.s, u.k, ${now.toISOString()}::timestamptz
        FROM unnest(${sql.param(claims.map((c) => c.gatewayId))}::int[], ${sql.param(claims.map((c) => c.seq))}::bigint[],
          ${sql.param(claims.map((c) => c.kind))}::text[]) AS u(g, s, k)
        LEFT JOIN report_marks m ON m.gateway_id = u.g
        WHERE m.gateway_id IS NULL OR u.s > m.stored_up_to
          OR EXISTS (SELECT 1 FROM report_gaps x WHERE x.gateway_id = u.g AND x.from_seq <= u.s AND x.to_seq >= u.s)
        ON CONFLICT DO NOTHING
        RETURNING gateway_id, seq`,
  );
  return new Set(kept.map((row) => receiptKey(row.gateway_id, Number(row.seq))));
}

/**
 * Records report numbers `from`..`to` as a gap (`lost`: the gateway dropped them; `restart`: it lost its
 * counter), except the numbers that are kept: one gap row per run of missing numbers. Numbers at or below
 * the gateway's stored-up-to mark are accounted for already (kept or a gap; their receipts may have been
 * pruned), so a range the gateway reports late is clipped to the numbers above it.
 */
export async function recordGap(
  db: Db,
  gatewayId: number,
  first: number,
  to: number,
  reason: 'lost' | 'restart',
  now: Date,
): Promise<void> {
  const [mark] = await rowsOf<{ stored_up_to: string }>(
    db,
    sql`SELECT stored_up_to FROM report_marks WHERE gateway_id = ${gatewayId}`,
  );
  const from = Math.max(first, mark ? Number(mark.stored_up_to) + 1 : first);
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
  /** The first hole after the mark, whether asked for now or not (a request in the last interval). */
  hole: { from: number; to: number } | null;
}

/**
 * Moves the stored-up-to mark of each gateway over the committed receipts and gaps that follow it, and
 * finds the first hole after it: one statement for all the gateways, then one to claim the resend requests.
 * Gateways without a mark (no stream started) are left out of the answer.
 *
 * The numbers above a mark are few (what arrived since the last commit, or waits beyond a hole), so the
 * statement reads a short index range per gateway: each receipt is an interval [seq, seq], each gap one
 * [from, to]; sorted by start, the chain from the mark ends at the first interval that starts more than one
 * after the furthest end before it.
 */
export async function advanceMarks(db: Db, gatewayIds: number[], now: Date): Promise<Map<number, MarkOutcome>> {
  const outcomes = new Map<number, MarkOutcome>();
  if (gatewayIds.length === 0) return outcomes;
  const marks = await rowsOf<{ gateway_id: number; mark: string; next: string | null }>(
    db,
    // The marks are locked in gateway order first: two statements moving overlapping marks (two
    // transactions of one batch, or two processes) wait for each other instead of deadlocking.
    sql`WITH m AS (
          SELECT gateway_id, stored_up_to AS mark FROM report_marks
          WHERE gateway_id = ANY(${sql.param(gatewayIds)}::int[]) ORDER BY gateway_id FOR UPDATE),
        iv AS (
          SELECT m.gateway_id, m.mark, r.seq AS f, r.seq AS t FROM m
            JOIN report_receipts r ON r.gateway_id = m.gateway_id AND r.seq > m.mark
          UNION ALL
          SELECT m.gateway_id, m.mark, x.from_seq, x.to_seq FROM m
            JOIN report_gaps x ON x.gateway_id = m.gateway_id AND x.to_seq > m.mark),
        w AS (
          SELECT gateway_id, mark, f, t, greatest(mark, max(t) OVER (PARTITION BY gateway_id ORDER BY f, t
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) AS reach
          FROM iv),
        b AS (
          SELECT gateway_id, mark, min(f) FILTER (WHERE f > coalesce(reach, mark) + 1) AS next FROM w
          GROUP BY gateway_id, mark),
        n AS (
          SELECT b.gateway_id, greatest(b.mark, (SELECT max(w.t) FROM w WHERE w.gateway_id = b.gateway_id
            AND (b.next IS NULL OR w.f < b.next))) AS mark, b.next
          FROM b),
        u AS (
          UPDATE report_marks rm SET stored_up_to = greatest(rm.stored_up_to, n.mark),
            updated_at = ${now.toISOString()}::timestamptz
          FROM n WHERE rm.gateway_id = n.gateway_id AND n.mark > rm.stored_up_to
          RETURNING rm.gateway_id)
        SELECT m.gateway_id, coalesce(n.mark, m.mark) AS mark, n.next
        FROM m LEFT JOIN n ON n.gateway_id = m.gateway_id`,
  );
  const holes: number[] = [];
  for (const row of marks) {
    const hole = row.next === null ? null : { from: Number(row.mark) + 1, to: Number(row.next) - 1 };
    outcomes.set(row.gateway_id, { storedUpTo: Number(row.mark), resend: null, hole });
    if (row.next !== null) holes.push(row.gateway_id);
  }
  if (holes.length > 0) {
    const claimed = new Set(await claimResendRequests(db, holes, now));
    for (const row of marks) {
      const outcome = outcomes.get(row.gateway_id)!;
      if (outcome.hole && claimed.has(row.gateway_id)) outcome.resend = outcome.hole;
    }
  }
  return outcomes;
}

/** At most one request for a missing range per gateway and interval, across processes: the gateways claimed. */
async function claimResendRequests(db: Db, gatewayIds: number[], now: Date): Promise<number[]> {
  const claimed = await rowsOf<{ gateway_id: number }>(
    db,
    sql`UPDATE report_marks SET resend_requested_at = ${now.toISOString()}::timestamptz
        WHERE gateway_id IN (SELECT gateway_id FROM report_marks
          WHERE gateway_id = ANY(${sql.param(gatewayIds)}::int[]) ORDER BY gateway_id FOR UPDATE)
          AND (resend_requested_at IS NULL
            OR resend_requested_at < ${new Date(now.getTime() - RESEND_REQUEST_INTERVAL_MS).toISOString()}::timestamptz)
        RETURNING gateway_id`,
  );
  return claimed.map((row) => row.gateway_id);
}
