import { nextProjectReportRun, type RecipientReception, type ReportRunKind } from '@lightwell/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectRecipients, recipientPreferences, reportDeliveries, reportRuns } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import { presentRecipient } from '../../presenters/recipient.ts';
import { recordAudit } from '../audit.ts';
import { loadFittings } from '../emergency/fittings.ts';
import { liveProjectNetworks, loadCycleSettings } from './cycle-settings.ts';

type NextDue = NonNullable<RecipientReception['nextDue']>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const earliest = (list: readonly (NextDue | null)[]) =>
  list
    .filter((item): item is NextDue => item !== null)
    .reduce<NextDue | null>((a, b) => (a && a.at <= b.at ? a : b), null);

/**
 * The next report mail each kind of a project sends: the oldest run still due, else the next planned send
 * (energy: the cycles switched on, in the project's zones; self-test: each network with fittings, monthly).
 */
async function nextDueByKind(ctx: AppContext, pid: number): Promise<Record<'energy' | 'selfTest', NextDue | null>> {
  const now = seconds(ctx.now());
  const due = await ctx.db
    .select({ kind: reportRuns.kind, cycle: reportRuns.cycle, key: reportRuns.periodKey, sendAt: reportRuns.sendAt })
    .from(reportRuns)
    .where(and(eq(reportRuns.pid, pid), eq(reportRuns.state, 'due'), inArray(reportRuns.kind, ['energy', 'selfTest'])))
    .orderBy(asc(reportRuns.sendAt));
  const pending = (kind: 'energy' | 'selfTest') => {
    const run = due.find((row) => row.kind === kind);
    return run ? { at: seconds(run.sendAt), kind, cycle: run.cycle as NextDue['cycle'], key: run.key } : null;
  };
  const live = await liveProjectNetworks(ctx.db, pid);
  const settings = await loadCycleSettings(ctx.db, pid);
  const zones = live.map((network) => network.timeZone);
  const energy = settings
    .filter((setting) => setting.enabled)
    .map((setting): NextDue | null => {
      const next = nextProjectReportRun(setting.cycle, setting.sendDay, now, zones);
      return next ? { at: next.at, kind: 'energy', cycle: setting.cycle, key: next.period.key } : null;
    });
  const monthly = settings.find((setting) => setting.cycle === 'monthly')!;
  const selfTest: (NextDue | null)[] = [];
  for (const network of live) {
    if ((await loadFittings(ctx.db, network.id)).length === 0) continue;
    const next = nextProjectReportRun('monthly', monthly.sendDay, now, [network.timeZone]);
    if (next) selfTest.push({ at: next.at, kind: 'selfTest', cycle: 'monthly', key: next.period.key });
  }
  return {
    energy: pending('energy') ?? earliest(energy),
    selfTest: pending('selfTest') ?? earliest(selfTest),
  };
}

/**
 * A project's recipients as the reception page (2-5) shows them: language, kinds, activation, pause and
 * CSV wish, the last mail the mail server accepted for them and the next report due to them.
 */
export async function listReception(ctx: AppContext, pid: number): Promise<RecipientReception[]> {
  const rows = await ctx.db
    .select({ recipient: projectRecipients, preferences: recipientPreferences })
    .from(projectRecipients)
    .leftJoin(recipientPreferences, eq(recipientPreferences.recipientId, projectRecipients.id))
    .where(eq(projectRecipients.pid, pid))
    .orderBy(asc(projectRecipients.email));
  if (rows.length === 0) return [];
  const sent = await ctx.db
    .select({ email: reportDeliveries.email, sentAt: reportDeliveries.sentAt, kind: reportRuns.kind })
    .from(reportDeliveries)
    .innerJoin(reportRuns, eq(reportRuns.id, reportDeliveries.runId))
    .where(and(eq(reportRuns.pid, pid), eq(reportDeliveries.state, 'sent')))
    .orderBy(desc(reportDeliveries.sentAt));
  const next = await nextDueByKind(ctx, pid);
  return rows.map(({ recipient, preferences }) => {
    const base = presentRecipient(recipient, ctx.now());
    const last = sent.find((row) => row.email === recipient.email);
    const paused = Boolean(preferences?.pausedAt);
    const takes = (kind: string) => recipient.kinds.includes(kind);
    const nextDue =
      base.status === 'active' && !paused
        ? earliest([takes('energyReport') ? next.energy : null, takes('selfTestReport') ? next.selfTest : null])
        : null;
    return {
      ...base,
      paused,
      csv: preferences?.csv ?? false,
      lastSentAt: last?.sentAt ? seconds(last.sentAt) : null,
      lastKind: (last?.kind as ReportRunKind | undefined) ?? null,
      nextDue,
    };
  });
}

/** Recipient `id` of project `pid`; 1013 for another project's or a missing one. */
async function recipientOf(ctx: AppContext, pid: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(projectRecipients)
    .where(and(eq(projectRecipients.id, id), eq(projectRecipients.pid, pid)));
  if (!row) throw noPermission();
  return row;
}

/**
 * Pauses or resumes a recipient (a paused one gets no mail of any kind, faults included, until resumed) or
 * sets whether its reports carry the CSV too; audited as `project.recipients.preferences`.
 */
export async function setRecipientPreferences(
  ctx: AppContext,
  uid: number,
  pid: number,
  id: number,
  change: { paused?: boolean | undefined; csv?: boolean | undefined },
): Promise<RecipientReception> {
  const recipient = await recipientOf(ctx, pid, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(recipientPreferences).where(eq(recipientPreferences.recipientId, id));
    const pausedAt =
      change.paused === undefined ? (before?.pausedAt ?? null) : change.paused ? (before?.pausedAt ?? now) : null;
    const values = {
      csv: change.csv ?? before?.csv ?? false,
      pausedAt,
      pausedBy: change.paused ? uid : (before?.pausedBy ?? null),
      updatedAt: now,
    };
    await tx
      .insert(recipientPreferences)
      .values({ recipientId: id, ...values })
      .onConflictDoUpdate({ target: recipientPreferences.recipientId, set: values });
    await recordAudit(tx, {
      action: 'project.recipients.preferences',
      actorUid: uid,
      pid,
      before: { email: recipient.email, paused: Boolean(before?.pausedAt), csv: before?.csv ?? false },
      after: { email: recipient.email, paused: pausedAt !== null, csv: values.csv },
    });
  });
  return (await listReception(ctx, pid)).find((row) => row.id === id)!;
}

/** Removes one recipient of a project (its past deliveries stay), audited as `project.recipients.update`. */
export async function removeRecipient(ctx: AppContext, uid: number, pid: number, id: number): Promise<void> {
  const recipient = await recipientOf(ctx, pid, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(projectRecipients).where(eq(projectRecipients.id, id));
    await recordAudit(tx, {
      action: 'project.recipients.update',
      actorUid: uid,
      pid,
      before: [{ email: recipient.email, kinds: recipient.kinds }],
      after: [],
    });
  });
}
