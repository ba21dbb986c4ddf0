import { EmergencyLimits } from './types.ts';

const MINUTE = 60_000;

/** When a fitting's DALI inhibit timer runs out: 15 minutes after the INHIBIT command it took. */
export function inhibitTimerEnd(sentAt: Date): Date {
  return new Date(sentAt.getTime() + EmergencyLimits.inhibitMinutes * MINUTE);
}

/** When an inhibit asked for `minutes` ends (the console renews the 15-minute timer until then). */
export function inhibitEnd(startedAt: Date, minutes: number): Date {
  const clamped = Math.max(1, Math.min(EmergencyLimits.maxInhibitMinutes, Math.trunc(minutes)));
  return new Date(startedAt.getTime() + clamped * MINUTE);
}

/**
 * Where an inhibit stands: `none` (not asked, or its end passed), `active` (the fitting's timer runs), or
 * `lapsed` (asked until later, but the fitting's timer ran out without renewal: the fitting would go to
 * rest on mains loss no longer; shown so that it is visible).
 */
export function inhibitState(
  inhibit: { until: Date | null; timerEnd: Date | null },
  now: Date,
): 'none' | 'active' | 'lapsed' {
  if (!inhibit.until || now.getTime() >= inhibit.until.getTime()) return 'none';
  if (inhibit.timerEnd && now.getTime() < inhibit.timerEnd.getTime()) return 'active';
  return 'lapsed';
}

/** Minutes before the fitting's timer ends when the console sends INHIBIT again. */
export const INHIBIT_RENEW_LEAD_MINUTES = 3;

/** Whether the console should send INHIBIT again now: the inhibit runs on and its timer ends soon (or ended). */
export function inhibitRenewalDue(inhibit: { until: Date | null; timerEnd: Date | null }, now: Date): boolean {
  if (!inhibit.until || now.getTime() >= inhibit.until.getTime()) return false;
  // The last timer already covers the rest of the inhibit.
  if (inhibit.timerEnd && inhibit.timerEnd.getTime() >= inhibit.until.getTime()) return false;
  return !inhibit.timerEnd || now.getTime() >= inhibit.timerEnd.getTime() - INHIBIT_RENEW_LEAD_MINUTES * MINUTE;
}
