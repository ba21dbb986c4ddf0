import {
  type DueProjectReport,
  localDateOf,
  projectReportPeriodsDue,
  type ReportCycle,
  type ReportSendDay,
  reportCalendarPeriod,
} from '@lightwell/domain';
import { and, eq, inArray, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { jobRuns, networks, projectRecipients, reportCycleSettings, reportRuns } from '../../db/schema.ts';
import { loadFittings } from '../emergency/fittings.ts';
import { loadCycleSettings } from './cycle-settings.ts';
import { reportRecipients } from './report-recipients.ts';

/** The scheduled job that runs the report cycles; its claimed slots tell when the console last ran. */
export const REPORT_CYCLES_JOB = 'report-cycles';
/** Slots of the monthly self-test mail before it joined the report cycles (job `emergency-report-mail:<nid>`). */
const LEGACY_SELF_TEST_JOB = 'emergency-report-mail:';

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY = 86_400;
/** How far back a self-test series without history looks for its first month. */
const FIRST_START_DAYS = 62;
const minuteSlot = (date: Date) => date.toISOString().slice(0, 16);

/**
 * When the report cycles last ran before this minute (a claimed slot of their job), or null when never:
 * a report that is late since before then is late because the console was not running.
 */
async function lastCyclesPass(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ slot: sql<string | null>`max(${jobRuns.slot})` })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, REPORT_CYCLES_JOB), lt(jobRuns.slot, minuteSlot(now))));
  return row?.slot ? new Date(`${row.slot}:00Z`) : null;
}

/**
 * The due periods of a series after its newest issued one (`lastKey`), from the period holding the time it
 * was switched on (`since`) when that is later: a report switched off and on again does not mail the
 * periods in between.
 */
function duePeriods(
  cycle: ReportCycle,
  sendDay: ReportSendDay,
  lastKey: string | null,
  now: number,
  zones: readonly string[],
  since: number | null,
): DueProjectReport[] {
  if (since !== null && zones.length > 0) {
    const first = zones.map((zone) => reportCalendarPeriod(cycle, localDateOf(since, zone)).key).sort()[0]!;
    if (lastKey === null || first > lastKey)
      return projectReportPeriodsDue(cycle, sendDay, null, now, zones, { since });
  }
  return projectReportPeriodsDue(cycle, sendDay, lastKey, now, zones);
}

/** The newest first-version period key of each series (`pid:nid:kind:cycle`). */
async function newestKeys(db: Db, kinds: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({
      pid: reportRuns.pid,
      nid: reportRuns.nid,
      kind: reportRuns.kind,
      cycle: reportRuns.cycle,
      key: sql<string>`max(${reportRuns.periodKey})`,
    })
    .from(reportRuns)
    .where(and(eq(reportRuns.version, 1), inArray(reportRuns.kind, [...kinds])))
    .groupBy(reportRuns.pid, reportRuns.nid, reportRuns.kind, reportRuns.cycle);
  return new Map(rows.map((row) => [`${row.pid}:${row.nid}:${row.kind}:${row.cycle}`, row.key]));
}

interface Planned {
  pid: number;
  nid: number;
  kind: 'energy' | 'selfTest';
  cycle: ReportCycle;
  sections: string[];
  due: DueProjectReport;
}

/** Stores the runs of due periods, each once across processes (the unique key; a conflict is another's claim). */
async function insertRuns(db: Db, planned: readonly Planned[], lastPass: Date | null): Promise<number> {
  let inserted = 0;
  for (const { pid, nid, kind, cycle, sections, due } of planned) {
    const zones = due.period.zones;
    const lateReason = !due.late ? null : lastPass === null || epoch(lastPass) < due.sendAt ? 'downtime' : 'delayed';
    const rows = await db
      .insert(reportRuns)
      .values({
        pid,
        nid,
        kind,
        cycle,
        periodKey: due.period.key,
        sections,
        periodStart: new Date(Math.min(...zones.map((zone) => zone.start)) * 1000),
        periodEnd: new Date(Math.max(...zones.map((zone) => zone.end)) * 1000),
        sendAt: new Date(due.sendAt * 1000),
        late: due.late,
        lateReason,
        lateSince: lateReason === 'downtime' ? lastPass : null,
      })
      .onConflictDoNothing()
      .returning({ id: reportRuns.id });
    inserted += rows.length;
  }
  return inserted;
}

/** The due energy reports of every project with a cycle switched on and live networks. */
async function plannedEnergy(db: Db, now: number): Promise<Planned[]> {
  const enabled = await db
    .selectDistinct({ pid: reportCycleSettings.pid })
    .from(reportCycleSettings)
    .where(eq(reportCycleSettings.enabled, true));
  if (enabled.length === 0) return [];
  const pids = enabled.map((row) => row.pid);
  const live = await db
    .select({ pid: networks.pid, timeZone: networks.timeZone })
    .from(networks)
    .where(and(inArray(networks.pid, pids), isNull(networks.deletedAt)));
  const keys = await newestKeys(db, ['energy']);
  const planned: Planned[] = [];
  for (const pid of pids) {
    const zones = live.filter((network) => network.pid === pid).map((network) => network.timeZone);
    if (zones.length === 0) continue;
    for (const setting of await loadCycleSettings(db, pid)) {
      if (!setting.enabled) continue;
      const since = setting.enabledAt ? epoch(setting.enabledAt) : null;
      const lastKey = keys.get(`${pid}:0:energy:${setting.cycle}`) ?? null;
      for (const due of duePeriods(setting.cycle, setting.sendDay, lastKey, now, zones, since)) {
        planned.push({ pid, nid: 0, kind: 'energy', cycle: setting.cycle, sections: setting.sections, due });
      }
    }
  }
  return planned;
}

/**
 * The due monthly self-test reports: one per live network with emergency fittings of each project with an
 * active `selfTestReport` recipient, in the network's zone, on the day the project's monthly cycle goes.
 * Months mailed before the report cycles (legacy job slots) count as issued; a network without any starts
 * with the month its project's first such recipient was activated in.
 */
async function plannedSelfTests(db: Db, now: number): Promise<Planned[]> {
  const withRecipients = await db
    .select({ pid: projectRecipients.pid, since: sql<Date | string>`min(${projectRecipients.activatedAt})` })
    .from(projectRecipients)
    .where(and(isNotNull(projectRecipients.activatedAt), sql`'selfTestReport' = ANY(${projectRecipients.kinds})`))
    .groupBy(projectRecipients.pid);
  const pids = withRecipients.map((row) => row.pid);
  const activation = new Map(withRecipients.map((row) => [row.pid, epoch(new Date(row.since))]));
  if (pids.length === 0) return [];
  const live = await db
    .select({ id: networks.id, pid: networks.pid, timeZone: networks.timeZone })
    .from(networks)
    .where(and(inArray(networks.pid, pids), isNull(networks.deletedAt)));
  const keys = await newestKeys(db, ['selfTest']);
  const legacy = await db
    .select({ name: jobRuns.name, slot: sql<string>`max(${jobRuns.slot})` })
    .from(jobRuns)
    .where(like(jobRuns.name, `${LEGACY_SELF_TEST_JOB}%`))
    .groupBy(jobRuns.name);
  const legacyKey = new Map(legacy.map((row) => [Number(row.name.slice(LEGACY_SELF_TEST_JOB.length)), row.slot]));
  const monthlyRows = await db
    .select({ pid: reportCycleSettings.pid, sendDay: reportCycleSettings.sendDay })
    .from(reportCycleSettings)
    .where(and(inArray(reportCycleSettings.pid, pids), eq(reportCycleSettings.cycle, 'monthly')));
  const sendDayOf = new Map(monthlyRows.map((row) => [row.pid, (row.sendDay === 2 ? 2 : 1) as ReportSendDay]));
  const planned: Planned[] = [];
  for (const network of live) {
    const sendDay = sendDayOf.get(network.pid) ?? 1;
    const keysOf = [keys.get(`${network.pid}:${network.id}:selfTest:monthly`), legacyKey.get(network.id)];
    const lastKey =
      keysOf
        .filter((key): key is string => key !== undefined)
        .sort()
        .at(-1) ?? null;
    // A series without history starts with the month its first recipient was activated in, and sends at
    // most the newest month due: a first start does not mail a network's whole history.
    const since = Math.max(activation.get(network.pid) ?? now, now - FIRST_START_DAYS * DAY);
    let due = duePeriods('monthly', sendDay, lastKey, now, [network.timeZone], since);
    if (lastKey === null) due = due.slice(-1);
    if (due.length === 0) continue;
    if ((await loadFittings(db, network.id)).length === 0) continue;
    if ((await reportRecipients(db, network.pid, 'selfTestReport')).length === 0) continue;
    for (const item of due) {
      planned.push({ pid: network.pid, nid: network.id, kind: 'selfTest', cycle: 'monthly', sections: [], due: item });
    }
  }
  return planned;
}

/**
 * Stores a run for every period now due (oldest first; catch-up after downtime): the project energy reports
 * of the cycles switched on and the networks' monthly self-test reports. Each is inserted once across
 * processes; a late one records why (the console was not running, or it could not go then).
 */
export async function planRuns(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const lastPass = await lastCyclesPass(ctx.db, now);
  const planned = [...(await plannedEnergy(ctx.db, epoch(now))), ...(await plannedSelfTests(ctx.db, epoch(now)))];
  return insertRuns(ctx.db, planned, lastPass);
}
