import {
  Code,
  codeToLanguage,
  REPORT_FIGURE_NAMES,
  type ReportLateReason,
  type ReportRunCycle,
  type ReportRunKind,
  type ReportRunRecord,
  type ReportRunState,
  type ReportSection,
} from '@lightwell/domain';
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networks, reportDeliveries, reportRunFiles, reportRuns } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { noPermission } from '../../policies/access.ts';
import { recordAudit } from '../audit.ts';
import { returnMailAllowance, takeMailAllowance } from '../mail-limits.ts';
import { claimDelivery, recordIntents, sendDelivery } from './deliveries.ts';
import type { RunRow } from './run-row.ts';

/** Runs the automatic data page lists at most. */
const LIST_LIMIT = 200;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const secondsOrNull = (date: Date | null) => (date ? seconds(date) : null);

/** The newest version of each run's series (project, network, kind, cycle, period), by `seriesKey`. */
async function newestVersions(ctx: AppContext, rows: readonly RunRow[]): Promise<Map<string, number>> {
  const newest = await ctx.db
    .select({
      pid: reportRuns.pid,
      nid: reportRuns.nid,
      kind: reportRuns.kind,
      cycle: reportRuns.cycle,
      key: reportRuns.periodKey,
      version: max(reportRuns.version),
    })
    .from(reportRuns)
    .where(inArray(reportRuns.pid, [...new Set(rows.map((row) => row.pid))]))
    .groupBy(reportRuns.pid, reportRuns.nid, reportRuns.kind, reportRuns.cycle, reportRuns.periodKey);
  return new Map(newest.map((row) => [seriesKey(row, row.key), Number(row.version)]));
}

/** The series a run belongs to: its project, network, kind, cycle and period. */
const seriesKey = (row: { pid: number; nid: number; kind: string; cycle: string }, key: string) =>
  `${row.pid}:${row.nid}:${row.kind}:${row.cycle}:${key}`;

/** Runs as the automatic data page shows them: figures, files with their SHA-256, every delivery. */
async function presentRuns(ctx: AppContext, rows: readonly RunRow[]): Promise<ReportRunRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const files = await ctx.db
    .select({
      runId: reportRunFiles.runId,
      fileName: reportRunFiles.fileName,
      format: reportRunFiles.format,
      language: reportRunFiles.language,
      size: reportRunFiles.size,
      sha256: reportRunFiles.sha256,
    })
    .from(reportRunFiles)
    .where(inArray(reportRunFiles.runId, ids))
    .orderBy(reportRunFiles.id);
  const deliveries = await ctx.db
    .select()
    .from(reportDeliveries)
    .where(inArray(reportDeliveries.runId, ids))
    .orderBy(reportDeliveries.email, reportDeliveries.copy);
  const nids = [...new Set(rows.map((row) => row.nid).filter((nid) => nid > 0))];
  const names =
    nids.length === 0
      ? []
      : await ctx.db.select({ id: networks.id, name: networks.name }).from(networks).where(inArray(networks.id, nids));
  const newestVersion = await newestVersions(ctx, rows);
  return rows.map((row) => {
    const network = row.nid > 0 ? names.find((name) => name.id === row.nid) : undefined;
    return {
      id: row.id,
      kind: row.kind as ReportRunKind,
      cycle: row.cycle as ReportRunCycle,
      periodKey: row.periodKey,
      version: row.version,
      restates: row.restates,
      network: row.nid > 0 ? { nid: row.nid, name: network?.name ?? '' } : null,
      periodStart: seconds(row.periodStart),
      periodEnd: seconds(row.periodEnd),
      sendAt: seconds(row.sendAt),
      late: row.late,
      lateReason: (row.lateReason as ReportLateReason | null) ?? null,
      lateSince: secondsOrNull(row.lateSince),
      state: row.state as ReportRunState,
      reason: row.reason,
      sections: row.sections as ReportSection[],
      createdAt: seconds(row.createdAt),
      issuedAt: secondsOrNull(row.issuedAt),
      finishedAt: secondsOrNull(row.finishedAt),
      figures: (row.summary ?? [])
        .filter((figure) => (REPORT_FIGURE_NAMES as readonly string[]).includes(figure.name))
        .map((figure) => ({ ...figure, name: figure.name as (typeof REPORT_FIGURE_NAMES)[number] })),
      files: files
        .filter((file) => file.runId === row.id)
        .map((file) => ({
          fileName: file.fileName,
          format: file.format as 'pdf' | 'csv',
          language: codeToLanguage(file.language),
          size: file.size,
          sha256: file.sha256,
        })),
      deliveries: deliveries
        .filter((delivery) => delivery.runId === row.id)
        .map((delivery) => ({
          id: delivery.id,
          email: delivery.email,
          language: codeToLanguage(delivery.language),
          formats: delivery.formats as ('pdf' | 'csv')[],
          copy: delivery.copy,
          state: delivery.state === 'intent' ? 'sending' : (delivery.state as 'sent' | 'failed'),
          messageId: delivery.messageId,
          serverAnswer: delivery.serverAnswer,
          attempts: delivery.attempts,
          intentAt: seconds(delivery.intentAt),
          sentAt: secondsOrNull(delivery.sentAt),
          error: delivery.error,
        })),
      restated: (newestVersion.get(seriesKey(row, row.periodKey)) ?? row.version) > row.version,
    };
  });
}

/** A project's runs, newest first (of one kind when asked), at most 200. */
export async function listRuns(ctx: AppContext, pid: number, kind?: ReportRunKind): Promise<ReportRunRecord[]> {
  const rows = await ctx.db
    .select()
    .from(reportRuns)
    .where(and(eq(reportRuns.pid, pid), kind ? eq(reportRuns.kind, kind) : undefined))
    .orderBy(desc(reportRuns.sendAt), desc(reportRuns.id))
    .limit(LIST_LIMIT);
  return presentRuns(ctx, rows);
}

/** Run `id` of project `pid`; 1013 for another project's or a missing one. */
async function runOf(ctx: AppContext, pid: number, id: number): Promise<RunRow> {
  const [row] = await ctx.db
    .select()
    .from(reportRuns)
    .where(and(eq(reportRuns.id, id), eq(reportRuns.pid, pid)));
  if (!row) throw noPermission();
  return row;
}

/** One run as the page shows it. */
async function presentRun(ctx: AppContext, id: number): Promise<ReportRunRecord> {
  const [row] = await ctx.db.select().from(reportRuns).where(eq(reportRuns.id, id));
  return (await presentRuns(ctx, [row!]))[0]!;
}

const busy = (message: string) => new CallError(Code.reportRunBusy, message);

/**
 * Asks for a restatement of an issued energy report (a person's decision after a tariff, factor or late
 * reading changed its period): a new version of the same period, due now, built with the figures of today
 * and mailed as a restatement; the issued one stays as it was. 1105 while it is due or skipped, or when a
 * newer version exists. Audited as `project.reportRun.restate`.
 */
export async function restateRun(ctx: AppContext, uid: number, pid: number, id: number): Promise<ReportRunRecord> {
  const run = await runOf(ctx, pid, id);
  if (run.kind !== 'energy' || run.state === 'due' || run.state === 'skipped' || run.figures === null) {
    throw busy('Only an issued energy report can be restated.');
  }
  const [newest] = await ctx.db
    .select({ version: max(reportRuns.version) })
    .from(reportRuns)
    .where(
      and(
        eq(reportRuns.pid, run.pid),
        eq(reportRuns.nid, run.nid),
        eq(reportRuns.kind, run.kind),
        eq(reportRuns.cycle, run.cycle),
        eq(reportRuns.periodKey, run.periodKey),
      ),
    );
  if (Number(newest?.version ?? run.version) !== run.version) throw busy('A newer version of this report exists.');
  const now = ctx.now();
  const [created] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(reportRuns)
      .values({
        pid: run.pid,
        nid: run.nid,
        kind: run.kind,
        cycle: run.cycle,
        periodKey: run.periodKey,
        version: run.version + 1,
        restates: run.id,
        sections: run.sections,
        periodStart: run.periodStart,
        periodEnd: run.periodEnd,
        sendAt: now,
        requestedBy: uid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (rows.length > 0) {
      await recordAudit(tx, {
        action: 'project.reportRun.restate',
        actorUid: uid,
        pid,
        before: { run: run.id, version: run.version },
        after: { run: rows[0]!.id, version: run.version + 1 },
      });
    }
    return rows;
  });
  if (!created) throw busy('A newer version of this report exists.');
  return (await presentRuns(ctx, [created]))[0]!;
}

/**
 * Sends a copy of the exact message a delivery of a settled run carried (same files, same text) to the
 * same address, as a new message with a Message-ID of its own. Counts against the editor's mail
 * allowance (1019); 1052 when the mail server refuses it; 1105 while the run is still due.
 */
export async function resendRunCopy(
  ctx: AppContext,
  uid: number,
  pid: number,
  id: number,
  deliveryId: number,
): Promise<ReportRunRecord> {
  const run = await runOf(ctx, pid, id);
  const [delivery] = await ctx.db
    .select()
    .from(reportDeliveries)
    .where(and(eq(reportDeliveries.id, deliveryId), eq(reportDeliveries.runId, run.id)));
  if (!delivery) throw noPermission();
  if (run.state === 'due' || delivery.state === 'intent') throw busy('This report is still being sent.');
  const allowance = await takeMailAllowance(ctx, ctx.db, uid, [delivery.email], 'reportCopy');
  const [copies] = await ctx.db
    .select({ copy: max(reportDeliveries.copy) })
    .from(reportDeliveries)
    .where(and(eq(reportDeliveries.runId, run.id), eq(reportDeliveries.email, delivery.email)));
  const [intent] = await recordIntents(ctx, ctx.db, [
    {
      runId: run.id,
      recipientId: delivery.recipientId,
      email: delivery.email,
      language: delivery.language,
      formats: delivery.formats as ('pdf' | 'csv')[],
      copy: Number(copies?.copy ?? 0) + 1,
      template: delivery.template as never,
      headers: delivery.headers,
      fileIds: delivery.fileIds,
      retry: false,
      requestedBy: uid,
    },
  ]);
  const claimed = intent ? await claimDelivery(ctx, intent.id) : null;
  if (!claimed || !(await sendDelivery(ctx, claimed))) {
    await returnMailAllowance(ctx, allowance.ids);
    throw new CallError(Code.mailFailed, 'The copy could not be sent.');
  }
  await recordAudit(ctx.db, {
    action: 'project.reportRun.resend',
    actorUid: uid,
    pid,
    after: { run: run.id, delivery: claimed.id, email: delivery.email },
  });
  return presentRun(ctx, run.id);
}
