import type { ReportMessage } from './messages.ts';

/**
 * Most seconds a report's stamp may lie ahead of the console's clock (docs/gateway-protocol.md "Clock"):
 * beyond it the gateway's clock is wrong, and its readings would fill hours that have not happened yet.
 */
export const CLOCK_AHEAD_MAX_SECONDS = 300;

/** Diagnosis code the console files for a gateway whose readings came stamped too far ahead. */
export const CLOCK_AHEAD_CODE = 'clockAhead';

/**
 * The stamp of a report that carries readings (readings, consumption, triggers, button presses, emergency
 * states), in epoch seconds; null for the reports that carry none (stream start, lost range, diagnosis).
 */
export function readingStamp(report: ReportMessage): number | null {
  switch (report.kind) {
    case 'readings':
    case 'consume':
    case 'sensorTrigger':
    case 'buttonPress':
    case 'emergency':
      return report.at;
    default:
      return null;
  }
}

/** True when a report's readings are stamped more than `CLOCK_AHEAD_MAX_SECONDS` after `now`: they are refused. */
export function isStampedAhead(report: ReportMessage, now: Date): boolean {
  const at = readingStamp(report);
  return at !== null && at > now.getTime() / 1000 + CLOCK_AHEAD_MAX_SECONDS;
}
