import { z } from 'zod';
import { zonedParts, zonedTime } from './zoned-time.ts';

/**
 * How a manual override of a schedule ends (section 4): never, after a countdown, after the scene's hold
 * time, after its standby time, or at a specific time of day.
 */
export const OVERRIDE_ENDS = ['never', 'countdown', 'holdTime', 'standbyTime', 'specificTime'] as const;
export type OverrideEnd = (typeof OVERRIDE_ENDS)[number];
export const OverrideEndSchema = z.enum(OVERRIDE_ENDS);

/**
 * Whether an override value fits its mode: none for never; 1 s to 24 h for countdown, hold and standby
 * time; seconds from 00:00 (0-86399) for a specific time (section 9: time stored as seconds from hh:mm).
 */
export function isOverrideValueValid(mode: OverrideEnd, value: number | null | undefined): boolean {
  if (mode === 'never') return value === null || value === undefined;
  if (value === null || value === undefined || !Number.isInteger(value)) return false;
  if (mode === 'specificTime') return value >= 0 && value < 86_400;
  return value >= 1 && value <= 86_400;
}

/** When an override that began at `startedAt` ends; null when it never ends. */
export function overrideEndsAt(
  mode: OverrideEnd,
  value: number | null,
  startedAt: Date,
  timeZone: string,
): Date | null {
  if (mode === 'never' || value === null) return null;
  if (mode !== 'specificTime') return new Date(startedAt.getTime() + value * 1000);
  const local = zonedParts(startedAt, timeZone);
  const wall = { hour: Math.floor(value / 3600), minute: Math.floor((value % 3600) / 60), second: value % 60 };
  const today = zonedTime({ ...local, ...wall }, timeZone);
  if (today > startedAt) return today;
  const next = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
  return zonedTime(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), ...wall },
    timeZone,
  );
}

/** A schedule as the override rules see it: its id and when it last fired. */
export interface ScheduleFiring {
  id: number;
  lastRunAt: Date | null;
}

/**
 * The schedule that governs a device among the enabled schedules that drive it: the one that fired last
 * (its action is the state automation wants the device in), else, when none has fired yet, the one with
 * the lowest id; null when no schedule drives the device. Its override end mode applies to a manual
 * change of the device, and its action is restored when the override ends.
 */
export function governingSchedule<T extends ScheduleFiring>(candidates: readonly T[]): T | null {
  let best: T | null = null;
  for (const candidate of candidates) {
    if (best === null) {
      best = candidate;
      continue;
    }
    const a = candidate.lastRunAt?.getTime() ?? -1;
    const b = best.lastRunAt?.getTime() ?? -1;
    if (a > b || (a === b && candidate.id < best.id)) best = candidate;
  }
  return best;
}

/** Whether a device's manual override is still in force at `now` (an override with no end never ends). */
export function isOverrideActive(endsAt: Date | null, now: Date): boolean {
  return endsAt === null || endsAt.getTime() > now.getTime();
}
