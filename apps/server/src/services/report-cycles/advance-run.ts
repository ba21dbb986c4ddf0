import { createHash } from 'node:crypto';
import { codeToLanguage, type ReportSection } from '@lightwell/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networks, projects, reportRunFiles, reportRuns } from '../../db/schema.ts';
import { faultsInPeriod } from '../emergency/emergency-report.ts';
import { testRecordsInPeriod } from '../emergency/records.ts';
import { computeFiguresInWorker, writeIssuedFileInWorker } from '../reports/report-builder.ts';
import { liveProjectNetworks } from './cycle-settings.ts';
import { type DeliveryIntent, recordIntents, sendOpenDeliveries, settleRun } from './deliveries.ts';
import { summarizeFigures } from './render-report.ts';
import { type ReportRecipient, reportRecipients } from './report-recipients.ts';
import { intentFor, RECIPIENT_KIND, zoneOf } from './run-mails.ts';
import { type RunRow, runDates } from './run-row.ts';

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** Fixes a run's figures once: a later change of the row is refused when it has them or another holds it. */
async function storeFigures(
  ctx: AppContext,
  run: RunRow,
  worker: string,
  values: { figures: Record<string, unknown>; summary: RunRow['summary']; nids: number[] },
): Promise<RunRow | null> {
  const [row] = await ctx.db
    .update(reportRuns)
    .set({ ...values, issuedAt: ctx.now() })
    .where(and(eq(reportRuns.id, run.id), isNull(reportRuns.figures), eq(reportRuns.claimedBy, worker)))
    .returning();
  return row ?? null;
}

/** Ends a run without mail: nobody takes it, or the project has no network left. */
async function skipRun(ctx: AppContext, run: RunRow, reason: 'noRecipients' | 'noNetworks') {
  await ctx.db
    .update(reportRuns)
    .set({
      state: 'skipped',
      reason,
      deliveriesAt: ctx.now(),
      finishedAt: ctx.now(),
      claimedBy: null,
      leaseUntil: null,
    })
    .where(and(eq(reportRuns.id, run.id), eq(reportRuns.state, 'due')));
}

/** The figures of an energy run (the project report of its period, its networks now live). */
async function energyFigures(ctx: AppContext, run: RunRow) {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, run.pid));
  const list = await liveProjectNetworks(ctx.db, run.pid);
  if (!project || list.length === 0) return null;
  const { first, last } = runDates(run);
  const figures = await computeFiguresInWorker(ctx, {
    project: { id: project.id, name: project.name },
    networks: list,
    first,
    last,
    sections: run.sections as ReportSection[],
    at: epoch(ctx.now()),
  });
  return { figures, summary: summarizeFigures(figures, run.sections as ReportSection[]), nids: list.map((n) => n.id) };
}

/** The figures of a network's self-test report: its month's tests, those not passed, its faults. */
async function selfTestFigures(ctx: AppContext, run: RunRow) {
  const [network] = await ctx.db
    .select()
    .from(networks)
    .where(and(eq(networks.id, run.nid), isNull(networks.deletedAt)));
  if (!network) return null;
  const tests = await testRecordsInPeriod(ctx.db, network.id, run.periodStart, run.periodEnd);
  const faults = await faultsInPeriod(ctx, network.id, run.periodStart, run.periodEnd);
  const notPassed = tests.filter((record) => record.grade !== 'passed' && record.grade !== 'passedLate').length;
  const figures = { tests: tests.length, notPassed, faults: faults.length };
  const summary = [
    { name: 'tests', value: tests.length, unit: null },
    { name: 'notPassed', value: notPassed, unit: null },
    { name: 'faults', value: faults.length, unit: null },
  ];
  return { figures, summary, nids: [network.id] };
}

/** The files (language, format) a run's recipients need, written once from its stored figures. */
async function ensureFiles(ctx: AppContext, run: RunRow, recipients: readonly ReportRecipient[], timeZone: string) {
  const wanted = new Map<string, { language: number; format: 'pdf' | 'csv' }>();
  for (const recipient of recipients) {
    wanted.set(`${recipient.language}:pdf`, { language: recipient.language, format: 'pdf' });
    if (recipient.csv) wanted.set(`${recipient.language}:csv`, { language: recipient.language, format: 'csv' });
  }
  const [project] = await ctx.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.id, run.pid));
  for (const { language, format } of wanted.values()) {
    const [stored] = await ctx.db
      .select({ id: reportRunFiles.id })
      .from(reportRunFiles)
      .where(
        and(eq(reportRunFiles.runId, run.id), eq(reportRunFiles.language, language), eq(reportRunFiles.format, format)),
      );
    if (stored) continue;
    const file = await writeIssuedFileInWorker(ctx, run.figures ?? {}, {
      project: project!,
      language,
      format,
      timeZone,
    });
    await ctx.db
      .insert(reportRunFiles)
      .values({
        runId: run.id,
        language,
        format,
        fileName: `issued-${run.id}-${codeToLanguage(language)}.${file.extension}`,
        mime: file.mime,
        size: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        data: file.data,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing();
  }
  return ctx.db
    .select({ id: reportRunFiles.id, language: reportRunFiles.language, format: reportRunFiles.format })
    .from(reportRunFiles)
    .where(eq(reportRunFiles.runId, run.id))
    .orderBy(asc(reportRunFiles.id));
}

/**
 * Records the intents of a run's mails, one per recipient who takes its kind now (none: the run is
 * skipped), then marks the run's deliveries recorded. Existing intents are kept.
 */
async function recordRunIntents(ctx: AppContext, run: RunRow): Promise<void> {
  const recipients = await reportRecipients(ctx.db, run.pid, RECIPIENT_KIND[run.kind]!);
  const [project] = await ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, run.pid));
  const [network] = await ctx.db.select({ name: networks.name }).from(networks).where(eq(networks.id, run.nid));
  const timeZone = await zoneOf(ctx, run);
  const files = run.kind === 'energy' ? await ensureFiles(ctx, run, recipients, timeZone) : [];
  const context = { projectName: project?.name ?? '', networkName: network?.name ?? '', timeZone, files };
  const intents: DeliveryIntent[] = [];
  for (const recipient of recipients) intents.push(await intentFor(ctx, run, recipient, context));
  await recordIntents(ctx, ctx.db, intents);
  await ctx.db
    .update(reportRuns)
    .set({ deliveriesAt: ctx.now() })
    .where(and(eq(reportRuns.id, run.id), isNull(reportRuns.deliveriesAt)));
}

/**
 * Moves a claimed run on from wherever it stopped: fixes its figures (once; a run nobody takes, or whose
 * project lost its networks, is skipped), writes its files, records one intent per recipient, sends them
 * and settles it. Steps already done by a process that died are not done again. A process stopping
 * (`signal` aborted) sends no further intent; the run stays due for the next pass.
 */
export async function advanceRun(
  ctx: AppContext,
  claimed: RunRow,
  worker: string,
  signal?: AbortSignal,
): Promise<void> {
  let run = claimed;
  if (run.figures === null) {
    if ((await reportRecipients(ctx.db, run.pid, RECIPIENT_KIND[run.kind]!)).length === 0) {
      await skipRun(ctx, run, 'noRecipients');
      return;
    }
    const computed = run.kind === 'energy' ? await energyFigures(ctx, run) : await selfTestFigures(ctx, run);
    if (!computed) {
      await skipRun(ctx, run, 'noNetworks');
      return;
    }
    const stored = await storeFigures(ctx, run, worker, computed);
    if (!stored) return;
    run = stored;
  }
  if (run.deliveriesAt === null) await recordRunIntents(ctx, run);
  await sendOpenDeliveries(ctx, { runId: run.id, worker, signal });
  await settleRun(ctx, run.id);
}
