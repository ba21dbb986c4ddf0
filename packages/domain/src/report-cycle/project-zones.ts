import { localDateOf } from '../energy/periods.ts';
import {
  dueCalendarPeriods,
  followingCalendarPeriod,
  newestSentCalendarPeriod,
  type ReportCalendarPeriod,
  type ReportCycle,
  type ReportPeriod,
  type ReportSendDay,
  reportCalendarPeriod,
  reportCalendarPeriodOfKey,
  reportPeriodInZone,
  reportSendTime,
} from './cycles.ts';

/*
 * A project whose networks lie in several time zones (docs/decisions.md, "Report cycles"): each network's
 * period is the same calendar period (the same key: "March 2026") taken in the network's own zone, so a
 * network's figures in the project's report are those of its own report, and the project's total is the
 * sum of its networks'. The project's one mail per recipient goes out when the last of its zones reaches
 * the send time, when every network's period has closed.
 */

/** One zone's part of a project's period. */
export interface ZonePeriod extends ReportPeriod {
  timeZone: string;
  /** When a report of this zone alone would go out, epoch seconds. */
  sendAt: number;
}

/** A project's period: one calendar period, in each of its networks' zones. */
export interface ProjectReportPeriod extends ReportCalendarPeriod {
  /** Each distinct zone's period, in the order the zones were given. */
  zones: ZonePeriod[];
  /** When the project's report goes out: the latest of its zones' send times (epoch seconds). */
  sendAt: number;
}

/** A project's period that is due: closed in every zone, its send time passed, not issued yet. */
export interface DueProjectReport {
  period: ProjectReportPeriod;
  sendAt: number;
  late: boolean;
}

function distinct(timeZones: readonly string[]): string[] {
  return [...new Set(timeZones)];
}

function projectSendTime(period: ReportCalendarPeriod, sendDay: ReportSendDay, zones: readonly string[]): number {
  return Math.max(...zones.map((timeZone) => reportSendTime(period, sendDay, timeZone)));
}

function inZones(period: ReportCalendarPeriod, sendDay: ReportSendDay, zones: readonly string[]): ProjectReportPeriod {
  const parts = zones.map((timeZone) => ({
    ...reportPeriodInZone(period, timeZone),
    timeZone,
    sendAt: reportSendTime(period, sendDay, timeZone),
  }));
  return { ...period, zones: parts, sendAt: Math.max(...parts.map((part) => part.sendAt)) };
}

/**
 * A project's period of a cycle holding a calendar date (the same in every zone), in each of its networks'
 * zones (`timeZones`, one per network; repeats count once). Needs at least one zone.
 */
export function projectReportPeriod(
  cycle: ReportCycle,
  sendDay: ReportSendDay,
  date: { year: number; month: number; day: number },
  timeZones: readonly string[],
): ProjectReportPeriod {
  const zones = distinct(timeZones);
  if (zones.length === 0) throw new RangeError('A project report needs the time zone of at least one network');
  return inZones(reportCalendarPeriod(cycle, date), sendDay, zones);
}

/**
 * The periods of a project's report that are due at `now` and not issued yet, oldest first (catch-up
 * after downtime). `lastIssuedKey` is the key of the newest issued period (`2026-03`); with none, `since`
 * (when the report was switched on) makes every period due that ends after it in some zone, else only the
 * newest due period is. A project without networks has nothing due.
 */
export function projectReportPeriodsDue(
  cycle: ReportCycle,
  sendDay: ReportSendDay,
  lastIssuedKey: string | null,
  now: number,
  timeZones: readonly string[],
  options: { since?: number; limit?: number } = {},
): DueProjectReport[] {
  const zones = distinct(timeZones);
  if (zones.length === 0) return [];
  let from: ReportCalendarPeriod | null = null;
  if (lastIssuedKey !== null) {
    const issued = reportCalendarPeriodOfKey(lastIssuedKey);
    if (!issued || issued.cycle !== cycle) throw new RangeError(`Not a ${cycle} period: ${lastIssuedKey}`);
    from = followingCalendarPeriod(issued);
  } else if (options.since !== undefined) {
    // The earliest of the zones' periods holding `since`: a period that has begun in any zone counts.
    const since = options.since;
    from = zones
      .map((timeZone) => reportCalendarPeriod(cycle, localDateOf(since, timeZone)))
      .reduce((a, b) => (a.key <= b.key ? a : b));
  }
  const sendAt = (period: ReportCalendarPeriod) => projectSendTime(period, sendDay, zones);
  return dueCalendarPeriods(cycle, from, now, sendAt, options.limit).map((due) => ({
    ...due,
    period: inZones(due.period, sendDay, zones),
  }));
}

/** The next send of a project's report after `now` (epoch seconds), with the period it reports. */
export function nextProjectReportRun(
  cycle: ReportCycle,
  sendDay: ReportSendDay,
  now: number,
  timeZones: readonly string[],
): { at: number; period: ProjectReportPeriod } | null {
  const zones = distinct(timeZones);
  if (zones.length === 0) return null;
  const sendAt = (period: ReportCalendarPeriod) => projectSendTime(period, sendDay, zones);
  const period = inZones(followingCalendarPeriod(newestSentCalendarPeriod(cycle, now, sendAt)), sendDay, zones);
  return { at: period.sendAt, period };
}
