import { failureNames, formatInstant, languageToCode } from '@lightwell/domain';
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { emergencyFaultNotices, emergencyFaults, networks, projects } from '../../db/schema.ts';
import type { MailTemplate } from '../../mail/templates.ts';
import type { FaultRow } from '../../presenters/emergency.ts';
import { activeRecipients } from '../project-recipients.ts';
import { sendRecordedFaultMail } from '../report-cycles/fault-runs.ts';
import { runOnce } from '../run-once.ts';
import { settleRetests } from './faults.ts';
import { emergencyLinkUrl, LINK_DAYS } from './links.ts';

/** A fitting mails each recipient at most once in this many minutes; faults in between go in the next one. */
const FAULT_MAIL_THROTTLE_MINUTES = 60;
/** How often the fault sweep runs (spec: fault e-mail in about 10 s). */
export const FAULT_SWEEP_MS = 5_000;
/** Advisory lock key of the fault sweep: one process settles retests at a time. */
const FAULT_SWEEP_LOCK = 0x454d4631;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 86_400_000;

/**
 * Queues the fault e-mail of new faults: one notice per fault and active `emergencyFault` recipient of the
 * project, due now, or when the fitting's throttle for that recipient ends.
 */
async function queueFaultMails(db: Db, faults: readonly FaultRow[], now: Date): Promise<number> {
  let queued = 0;
  for (const fault of faults) {
    if (fault.pid === null) continue;
    const recipients = await activeRecipients(db, fault.pid, 'emergencyFault');
    for (const recipient of recipients) {
      const [last] = await db
        .select({ sentAt: emergencyFaultNotices.sentAt, dueAt: emergencyFaultNotices.dueAt })
        .from(emergencyFaultNotices)
        .where(
          and(
            fault.deviceId === null
              ? isNull(emergencyFaultNotices.deviceId)
              : eq(emergencyFaultNotices.deviceId, fault.deviceId),
            eq(emergencyFaultNotices.email, recipient.email),
            gt(emergencyFaultNotices.dueAt, new Date(now.getTime() - FAULT_MAIL_THROTTLE_MINUTES * MINUTE)),
          ),
        )
        .orderBy(sql`${emergencyFaultNotices.dueAt} desc`)
        .limit(1);
      const dueAt = last
        ? new Date(Math.max(now.getTime(), last.dueAt.getTime() + FAULT_MAIL_THROTTLE_MINUTES * MINUTE))
        : now;
      const inserted = await db
        .insert(emergencyFaultNotices)
        .values({
          faultId: fault.id,
          nid: fault.nid,
          deviceId: fault.deviceId,
          email: recipient.email,
          language: languageToCode(recipient.language),
          dueAt,
        })
        .onConflictDoNothing()
        .returning({ id: emergencyFaultNotices.id });
      queued += inserted.length;
    }
  }
  return queued;
}

/**
 * Sends the due fault e-mails: the due notices of one fitting and address make one e-mail (the latest
 * fault, every failure of them). A sender claims the notices first, so each goes out once across processes.
 */
async function sendDueFaultMails(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select()
    .from(emergencyFaultNotices)
    .where(and(isNull(emergencyFaultNotices.claimedAt), lte(emergencyFaultNotices.dueAt, now)))
    .orderBy(asc(emergencyFaultNotices.id))
    .limit(500);
  const groups = new Map<string, typeof due>();
  for (const notice of due) {
    const key = `${notice.deviceId}\n${notice.email}`;
    groups.set(key, [...(groups.get(key) ?? []), notice]);
  }
  let sent = 0;
  for (const notices of groups.values()) {
    const claimed = await ctx.db
      .update(emergencyFaultNotices)
      .set({ claimedAt: now })
      .where(
        and(
          inArray(
            emergencyFaultNotices.id,
            notices.map((n) => n.id),
          ),
          isNull(emergencyFaultNotices.claimedAt),
        ),
      )
      .returning();
    if (claimed.length === 0) continue;
    if (await mailClaimedNotices(ctx, claimed, now)) sent += 1;
  }
  return sent;
}

/** Mails the claimed notices of one fitting and address (the latest fault, every failure); answers whether sent. */
async function mailClaimedNotices(
  ctx: AppContext,
  claimed: readonly (typeof emergencyFaultNotices.$inferSelect)[],
  now: Date,
): Promise<boolean> {
  const faults = await ctx.db
    .select({ fault: emergencyFaults, projectName: projects.name, networkName: networks.name })
    .from(emergencyFaults)
    .leftJoin(networks, eq(networks.id, emergencyFaults.nid))
    .leftJoin(projects, eq(projects.id, emergencyFaults.pid))
    .where(
      inArray(
        emergencyFaults.id,
        claimed.map((n) => n.faultId),
      ),
    )
    .orderBy(asc(emergencyFaults.id));
  const latest = faults.at(-1);
  if (!latest) return false;
  const bits = faults.reduce((all, f) => all | f.fault.failureBits, 0);
  const until = new Date(now.getTime() + LINK_DAYS * DAY);
  const recipient = claimed[0]!;
  const fault = latest.fault;
  try {
    const template = faultMailTemplate(ctx, latest, bits, recipient.language, until);
    // Recorded with the automatic mails (delivery intent, Message-ID, the server's answer) while the
    // fault's project exists; a fault left without one is mailed unrecorded, as before.
    const [project] =
      fault.pid === null
        ? []
        : await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, fault.pid));
    if (project) {
      await sendRecordedFaultMail(
        ctx,
        { id: fault.id, pid: project.id, nid: fault.nid, openedAt: fault.openedAt },
        { email: recipient.email, language: recipient.language },
        template,
      );
    } else {
      await ctx.mailer.send(recipient.email, template, recipient.language);
    }
    await ctx.db
      .update(emergencyFaultNotices)
      .set({ sentAt: ctx.now() })
      .where(
        inArray(
          emergencyFaultNotices.id,
          claimed.map((n) => n.id),
        ),
      );
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db
      .update(emergencyFaultNotices)
      .set({ error: message })
      .where(
        inArray(
          emergencyFaultNotices.id,
          claimed.map((n) => n.id),
        ),
      );
    return false;
  }
}

/** The fault e-mail of a fitting: its latest fault, the failures of all its claimed ones, a link until `until`. */
function faultMailTemplate(
  ctx: AppContext,
  latest: { fault: typeof emergencyFaults.$inferSelect; projectName: string | null; networkName: string | null },
  bits: number,
  language: number,
  until: Date,
): MailTemplate {
  const fault = latest.fault;
  return {
    name: 'emergencyFault',
    project: latest.projectName ?? fault.projectName,
    network: latest.networkName ?? fault.networkName,
    fitting: fault.fittingName,
    location: fault.location ?? '',
    failures: failureNames(bits).filter(
      (name) => name !== 'functionTestDelayExceeded' && name !== 'durationTestDelayExceeded',
    ),
    at: formatInstant(Math.floor(fault.openedAt.getTime() / 1000), { timeZone: fault.timeZone, timeFormat: 1 }),
    url: emergencyLinkUrl(ctx, {
      kind: 'fault',
      faultId: fault.id,
      exp: Math.floor(until.getTime() / 1000),
      language,
    }),
    until,
  };
}

/**
 * The fault sweep (every few seconds, every process): queues the e-mail of each fault the report ingest
 * opened in the last hour, once per fault across processes (`runOnce`); settles retests under one advisory
 * lock; then sends the due e-mails, each claimed by one process.
 */
export async function sweepEmergencyFaults(
  ctx: AppContext,
): Promise<{ queued: number; settled: number; sent: number }> {
  const now = ctx.now();
  const recent = await ctx.db
    .select()
    .from(emergencyFaults)
    .where(
      or(
        gte(emergencyFaults.openedAt, new Date(now.getTime() - HOUR)),
        gte(emergencyFaults.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .orderBy(asc(emergencyFaults.id));
  let queued = 0;
  for (const fault of recent) {
    await runOnce(ctx.db, 'emergency-fault-mail', String(fault.id), async () => {
      const count = await queueFaultMails(ctx.db, [fault], now);
      queued += count;
      return `queued ${count}`;
    });
  }
  const settled = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FAULT_SWEEP_LOCK})`);
    return settleRetests(tx);
  });
  const sent = await sendDueFaultMails(ctx);
  return { queued, settled, sent };
}
