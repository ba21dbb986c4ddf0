import { codeToLanguage, formatInstant, type RecipientKind, type ReportCycle, timeFormatOf } from '@lightwell/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networks, reportDeliveries, reportRuns } from '../../db/schema.ts';
import type { LateNotice } from '../../mail/report-mail.ts';
import type { MailTemplate } from '../../mail/templates.ts';
import { emergencyLinkUrl, LINK_DAYS } from '../emergency/links.ts';
import type { DeliveryIntent } from './deliveries.ts';
import { hasIssuedEquipment } from './equipment-view.ts';
import {
  equipmentViewUrl,
  RECIPIENT_LINK_DAYS,
  REPORT_VIEW_LINK_DAYS,
  recipientLinkUrl,
  reportViewUrl,
} from './links.ts';
import type { ReportRecipient } from './report-recipients.ts';
import { type RunRow, runDates } from './run-row.ts';

/*
 * The mail of an automatic run to one recipient, as its delivery intent stores it: the periodic report
 * (`periodicReport`) or the self-test report (`selfTestReport`), in the recipient's language, with the
 * signed links of the web version (and of the equipment statistics issued with it) and of the recipient's
 * own page, and one-click unsubscribe headers.
 */

const DAY = 86_400;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** The recipient kind each run kind goes to. */
export const RECIPIENT_KIND: Record<string, RecipientKind> = { energy: 'energyReport', selfTest: 'selfTestReport' };

/** The zone a run's times are written in for its mail: its (first) network's. */
export async function zoneOf(ctx: AppContext, run: RunRow): Promise<string> {
  const nids = run.nids.length > 0 ? run.nids : [run.nid];
  const [network] = await ctx.db
    .select({ timeZone: networks.timeZone })
    .from(networks)
    .where(inArray(networks.id, nids))
    .limit(1);
  return network?.timeZone ?? 'UTC';
}

/** What a late run's mail says: when it was due, and why it goes now. */
function lateNotice(ctx: AppContext, run: RunRow, timeZone: string, language: number): LateNotice | null {
  if (!run.late) return null;
  const format = (at: Date) =>
    formatInstant(epoch(at), { timeZone, timeFormat: timeFormatOf(codeToLanguage(language)) });
  return {
    due: format(run.sendAt),
    reason: run.lateReason === 'delayed' ? 'delayed' : 'downtime',
    since: run.lateSince ? format(run.lateSince) : null,
    now: format(ctx.now()),
  };
}

/** When the version a restatement replaces went out (its first delivery), written in the site's zone. */
async function restatedNotice(ctx: AppContext, run: RunRow, timeZone: string, language: number) {
  if (run.restates === null) return null;
  const [previous] = await ctx.db.select().from(reportRuns).where(eq(reportRuns.id, run.restates));
  const [delivery] = await ctx.db
    .select({ sentAt: reportDeliveries.sentAt })
    .from(reportDeliveries)
    .where(and(eq(reportDeliveries.runId, run.restates), eq(reportDeliveries.copy, 0)))
    .orderBy(asc(reportDeliveries.sentAt))
    .limit(1);
  const at = delivery?.sentAt ?? previous?.issuedAt ?? previous?.createdAt ?? ctx.now();
  return {
    version: run.version,
    previous: formatInstant(epoch(at), { timeZone, timeFormat: timeFormatOf(codeToLanguage(language)) }),
  };
}

/** The mail of a run to one recipient: its template, headers (one-click unsubscribe) and files. */
export async function intentFor(
  ctx: AppContext,
  run: RunRow,
  recipient: ReportRecipient,
  context: {
    projectName: string;
    networkName: string;
    timeZone: string;
    files: { id: number; language: number; format: string }[];
  },
): Promise<DeliveryIntent> {
  const now = epoch(ctx.now());
  const kind = RECIPIENT_KIND[run.kind]!;
  const manageUrl = recipientLinkUrl(ctx, {
    pid: run.pid,
    rid: recipient.id,
    email: recipient.email,
    kind,
    exp: now + RECIPIENT_LINK_DAYS * DAY,
  });
  const headers = { 'List-Unsubscribe': `<${manageUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  const late = lateNotice(ctx, run, context.timeZone, recipient.language);
  const base = {
    runId: run.id,
    recipientId: recipient.id,
    email: recipient.email,
    language: recipient.language,
    copy: 0,
    headers,
    retry: true,
  };
  if (run.kind === 'selfTest') {
    const until = now + LINK_DAYS * DAY;
    const figures = run.figures as { tests: number; notPassed: number; faults: number };
    const template: MailTemplate = {
      name: 'selfTestReport',
      project: context.projectName,
      network: context.networkName,
      period: run.periodKey,
      ...figures,
      url: emergencyLinkUrl(ctx, {
        kind: 'report',
        nid: run.nid,
        from: epoch(run.periodStart),
        to: epoch(run.periodEnd),
        exp: until,
        language: recipient.language,
      }),
      until: new Date(until * 1000),
      late,
      manageUrl,
    };
    return { ...base, formats: [], template, fileIds: [] };
  }
  const formats: ('pdf' | 'csv')[] = recipient.csv ? ['pdf', 'csv'] : ['pdf'];
  const fileIds = formats.map(
    (format) => context.files.find((file) => file.language === recipient.language && file.format === format)!.id,
  );
  const until = now + REPORT_VIEW_LINK_DAYS * DAY;
  const template: MailTemplate = {
    name: 'periodicReport',
    project: context.projectName,
    cycle: run.cycle as ReportCycle,
    period: runDates(run).label,
    networks: run.nids.length,
    figures: run.summary ?? [],
    formats,
    url: reportViewUrl(ctx, { run: run.id, language: recipient.language, exp: until }),
    until,
    equipmentUrl: hasIssuedEquipment(run) ? equipmentViewUrl(ctx, { run: run.id, pid: run.pid, exp: until }) : null,
    manageUrl,
    late,
    restated: await restatedNotice(ctx, run, context.timeZone, recipient.language),
  };
  return { ...base, formats, template, fileIds };
}
