import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { reportDeliveries, reportRunFiles, reportRuns } from '../../db/schema.ts';
import type { MailTemplate } from '../../mail/templates.ts';
import { CYCLE_WORKER, dbClockIn, endedClaimants, unheld } from './workers.ts';

/*
 * Deliveries of automatic mails (docs/decisions.md "Report cycles", "Deliveries and reconciliation"): each
 * message is first recorded as an intent, with a Message-ID fixed by what it is (run, address, copy) and all
 * it is written from; then handed to SMTP under a lease; then the server's answer is recorded. An intent
 * whose lease lapsed (its process died or hung mid-send) is sent again by any process with the SAME
 * Message-ID, so a mail system that got the first attempt treats the second as the same message. Leases
 * and retry times are measured on the database's clock, never the console's (workers.ts).
 */
/** How long a claim on a delivery holds: well beyond one SMTP exchange (the mailer gives up within 2 minutes). */
const DELIVERY_LEASE_SECONDS = 300;
/** A refused or failed attempt is tried again after this long. */
const DELIVERY_RETRY_SECONDS = 300;
/** Attempts of one delivery before it is failed. */
const DELIVERY_MAX_ATTEMPTS = 3;

/** A stored delivery. */
export type DeliveryRow = typeof reportDeliveries.$inferSelect;

/** A message to record before it is sent. */
export interface DeliveryIntent {
  runId: number;
  recipientId: number | null;
  email: string;
  language: number;
  formats: ('pdf' | 'csv')[];
  copy: number;
  template: MailTemplate;
  headers: Record<string, string>;
  fileIds: number[];
  /** Periodic reports are tried again; a fault mail fails at once, as before. */
  retry: boolean;
  requestedBy?: number | null;
}

/**
 * The Message-ID of a run's message to an address (copy 0 the scheduled one, 1 and up copies asked for):
 * the same every time it is computed, so a message written again after a crash keeps it.
 */
function messageIdOf(ctx: AppContext, runId: number, email: string, copy: number): string {
  const digest = createHash('sha256').update(`${runId}\n${email}\n${copy}`).digest('hex').slice(0, 24);
  const host = new URL(ctx.config.publicUrl).hostname || 'lightwell.invalid';
  return `<report.${runId}.${copy}.${digest}@${host}>`;
}

/** Records intents (an existing one for the same run, address and copy is kept); answers the new rows. */
export async function recordIntents(
  ctx: AppContext,
  db: Db,
  intents: readonly DeliveryIntent[],
): Promise<DeliveryRow[]> {
  if (intents.length === 0) return [];
  return db
    .insert(reportDeliveries)
    .values(
      intents.map((intent) => ({
        runId: intent.runId,
        recipientId: intent.recipientId,
        email: intent.email,
        language: intent.language,
        formats: intent.formats,
        copy: intent.copy,
        messageId: messageIdOf(ctx, intent.runId, intent.email, intent.copy),
        template: JSON.parse(JSON.stringify(intent.template)) as Record<string, unknown>,
        headers: intent.headers,
        fileIds: intent.fileIds,
        retry: intent.retry,
        requestedBy: intent.requestedBy ?? null,
        intentAt: ctx.now(),
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** The template as stored, with its dates made dates again. */
function templateOf(stored: Record<string, unknown>): MailTemplate {
  const template = { ...stored };
  if (typeof template.until === 'string') template.until = new Date(template.until);
  return template as unknown as MailTemplate;
}

/** The files a delivery attaches, named for the reader (`energy-report-2026-03.pdf`). */
async function attachmentsOf(db: Db, fileIds: readonly number[]) {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ file: reportRunFiles, periodKey: reportRuns.periodKey, version: reportRuns.version })
    .from(reportRunFiles)
    .innerJoin(reportRuns, eq(reportRuns.id, reportRunFiles.runId))
    .where(inArray(reportRunFiles.id, [...fileIds]))
    .orderBy(asc(reportRunFiles.id));
  return rows.map(({ file, periodKey, version }) => ({
    filename: `energy-report-${periodKey}${version > 1 ? `-v${version}` : ''}.${file.format}`,
    content: Buffer.from(file.data),
    contentType: file.mime,
  }));
}

/**
 * Takes delivery `id` for this process when it is an intent nobody holds (never tried, its retry time come,
 * its lease lapsed, or its holder ended on this machine: `ended`): one process at a time, whatever the number
 * trying.
 */
export async function claimDelivery(
  ctx: AppContext,
  id: number,
  worker = CYCLE_WORKER,
  ended: readonly string[] = [],
): Promise<DeliveryRow | null> {
  const [row] = await ctx.db
    .update(reportDeliveries)
    .set({
      claimedBy: worker,
      leaseUntil: dbClockIn(DELIVERY_LEASE_SECONDS),
      attempts: sql`${reportDeliveries.attempts} + 1`,
    })
    .where(
      and(
        eq(reportDeliveries.id, id),
        eq(reportDeliveries.state, 'intent'),
        unheld(reportDeliveries.leaseUntil, reportDeliveries.claimedBy, ended),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Sends a claimed delivery with its recorded Message-ID, headers and files, and records the answer: `sent`
 * with the server's Message-ID and reply; on a failure, another try after `DELIVERY_RETRY_SECONDS` (the
 * intent stays) until `DELIVERY_MAX_ATTEMPTS`, then `failed`. Answers whether it went out.
 */
export async function sendDelivery(ctx: AppContext, row: DeliveryRow): Promise<boolean> {
  try {
    const receipt = await ctx.mailer.send(row.email, templateOf(row.template), row.language, {
      messageId: row.messageId,
      headers: row.headers,
      attachments: await attachmentsOf(ctx.db, row.fileIds),
    });
    await ctx.db
      .update(reportDeliveries)
      .set({
        state: 'sent',
        sentAt: ctx.now(),
        serverMessageId: receipt?.messageId ?? row.messageId,
        serverAnswer: (receipt?.answer ?? 'sent').slice(0, 500),
        error: null,
        claimedBy: null,
        leaseUntil: null,
      })
      .where(eq(reportDeliveries.id, row.id));
    return true;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const final = !row.retry || row.attempts >= DELIVERY_MAX_ATTEMPTS;
    await ctx.db
      .update(reportDeliveries)
      .set(
        final
          ? { state: 'failed', error: message, claimedBy: null, leaseUntil: null }
          : { error: message, claimedBy: null, leaseUntil: dbClockIn(DELIVERY_RETRY_SECONDS) },
      )
      .where(and(eq(reportDeliveries.id, row.id), eq(reportDeliveries.state, 'intent')));
    return false;
  }
}

/**
 * Settles a run once its scheduled deliveries have all been answered: `sent`, or `failed` naming how many
 * failed; `skipped` when it had nobody to send to. Copies sent again on request do not change it.
 */
export async function settleRun(ctx: AppContext, runId: number): Promise<void> {
  const [run] = await ctx.db.select().from(reportRuns).where(eq(reportRuns.id, runId));
  if (!run || run.deliveriesAt === null) return;
  const rows = await ctx.db
    .select({ state: reportDeliveries.state })
    .from(reportDeliveries)
    .where(and(eq(reportDeliveries.runId, runId), eq(reportDeliveries.copy, 0)));
  if (rows.some((row) => row.state === 'intent')) {
    if (run.state !== 'due') await ctx.db.update(reportRuns).set({ state: 'due' }).where(eq(reportRuns.id, runId));
    return;
  }
  const failed = rows.filter((row) => row.state === 'failed').length;
  const outcome =
    rows.length === 0
      ? { state: 'skipped', reason: 'noRecipients' }
      : failed > 0
        ? { state: 'failed', reason: `${failed} of ${rows.length} deliveries failed` }
        : { state: 'sent', reason: null };
  if (run.state === outcome.state && run.reason === outcome.reason) return;
  await ctx.db
    .update(reportRuns)
    .set({ ...outcome, finishedAt: ctx.now(), claimedBy: null, leaseUntil: null })
    .where(eq(reportRuns.id, runId));
}

/**
 * Sends every intent nobody holds (of run `runId` only, when given), oldest first, then settles the runs
 * they belong to. This is also the reconciliation: an intent a dead process left goes out again, with its
 * Message-ID, once its lease has lapsed, or at once when that process ran on this machine. Takes no new
 * intent once `signal` is aborted (the process is stopping). Answers how many went out.
 */
export async function sendOpenDeliveries(
  ctx: AppContext,
  options: { runId?: number; worker?: string; limit?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const ended = await endedClaimants(ctx.db, 'report_deliveries');
  const open = await ctx.db
    .select({ id: reportDeliveries.id, runId: reportDeliveries.runId })
    .from(reportDeliveries)
    .where(
      and(
        eq(reportDeliveries.state, 'intent'),
        unheld(reportDeliveries.leaseUntil, reportDeliveries.claimedBy, ended),
        options.runId === undefined ? undefined : eq(reportDeliveries.runId, options.runId),
      ),
    )
    .orderBy(asc(reportDeliveries.id))
    .limit(options.limit ?? 200);
  let sent = 0;
  const runs = new Set<number>();
  for (const { id, runId } of open) {
    if (options.signal?.aborted) break;
    const row = await claimDelivery(ctx, id, options.worker, ended);
    if (!row) continue;
    runs.add(runId);
    if (await sendDelivery(ctx, row)) sent += 1;
  }
  for (const runId of runs) await settleRun(ctx, runId);
  return sent;
}
