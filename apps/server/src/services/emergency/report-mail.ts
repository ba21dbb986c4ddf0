import { languageToCode, zonedParts, zonedTime } from '@lightwell/domain';
import { asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networks, projects } from '../../db/schema.ts';
import { runOnce } from '../../jobs/run-once.ts';
import { activeRecipients } from '../project-recipients.ts';
import { faultsInPeriod } from './emergency-report.ts';
import { loadFittings } from './fittings.ts';
import { emergencyLinkUrl, LINK_DAYS } from './links.ts';
import { testRecordsInPeriod } from './records.ts';

const DAY = 86_400_000;

/** The calendar month before the one `now` falls in, in a time zone: [from, to). */
export function previousMonth(now: Date, timeZone: string): { from: Date; to: Date; label: string } {
  const p = zonedParts(now, timeZone);
  const to = zonedTime({ year: p.year, month: p.month, day: 1, hour: 0, minute: 0, second: 0 }, timeZone);
  const year = p.month === 1 ? p.year - 1 : p.year;
  const month = p.month === 1 ? 12 : p.month - 1;
  const from = zonedTime({ year, month, day: 1, hour: 0, minute: 0, second: 0 }, timeZone);
  return { from, to, label: `${year}-${String(month).padStart(2, '0')}` };
}

/**
 * The monthly self-test and fault report e-mail (template `selfTestReport`): once a month has closed in a
 * network's zone, each active `selfTestReport` recipient of its project gets the month's figures and a
 * signed link to `/not/token/emailReport/selfTestAndFault`; once per network and month (`runOnce`).
 */
export async function mailMonthlyReports(ctx: AppContext): Promise<string> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ network: networks, projectName: projects.name })
    .from(networks)
    .innerJoin(projects, eq(projects.id, networks.pid))
    .where(isNull(networks.deletedAt))
    .orderBy(asc(networks.id));
  let mailed = 0;
  for (const { network, projectName } of rows) {
    const recipients = await activeRecipients(ctx.db, network.pid, 'selfTestReport');
    if (recipients.length === 0) continue;
    if ((await loadFittings(ctx.db, network.id)).length === 0) continue;
    const month = previousMonth(now, network.timeZone);
    await runOnce(ctx.db, `emergency-report-mail:${network.id}`, month.label, async () => {
      const tests = await testRecordsInPeriod(ctx.db, network.id, month.from, month.to);
      const faults = await faultsInPeriod(ctx, network.id, month.from, month.to);
      const until = new Date(now.getTime() + LINK_DAYS * DAY);
      for (const recipient of recipients) {
        const language = languageToCode(recipient.language);
        const url = emergencyLinkUrl(ctx, {
          kind: 'report',
          nid: network.id,
          from: Math.floor(month.from.getTime() / 1000),
          to: Math.floor(month.to.getTime() / 1000),
          exp: Math.floor(until.getTime() / 1000),
          language,
        });
        await ctx.mailer.send(
          recipient.email,
          {
            name: 'selfTestReport',
            project: projectName,
            network: network.name,
            period: month.label,
            tests: tests.length,
            notPassed: tests.filter((r) => r.grade !== 'passed' && r.grade !== 'passedLate').length,
            faults: faults.length,
            url,
            until,
          },
          language,
        );
        mailed += 1;
      }
      return `mailed ${recipients.length}`;
    });
  }
  return `report e-mails ${mailed}`;
}
