import { decodeProcessTimer, type ProcessKind, processTimerText } from '../devices/process-timer.ts';

/** The six process timers of a profile in the order the editor shows them (section 3). */
export const PROCESS_KINDS = [
  'onDelay',
  'offDelay',
  'fadeOn',
  'fadeOff',
  't1',
  't2',
] as const satisfies readonly ProcessKind[];

/** Highest raw process value (section 4: 175-235 is unit 3). */
export const PROCESS_RAW_MAX = 235;

/** Seconds of every raw value 0..235, computed once from the section-4 decoding. */
const SECONDS_BY_RAW: readonly number[] = Array.from(
  { length: PROCESS_RAW_MAX + 1 },
  (_, raw) => decodeProcessTimer(raw)!.seconds,
);

/**
 * The raw process value whose decoded duration is nearest to `seconds` (section 4 decoding); on a tie
 * the shorter duration wins. Negative and non-finite durations give 0; long ones the longest (raw 235).
 */
export function encodeProcessTimer(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  let best = 0;
  for (let raw = 1; raw <= PROCESS_RAW_MAX; raw += 1) {
    if (Math.abs(SECONDS_BY_RAW[raw]! - seconds) < Math.abs(SECONDS_BY_RAW[best]! - seconds)) best = raw;
  }
  return best;
}

/** Unit a duration is typed in, in the timer editor. */
export type DurationUnit = 's' | 'min' | 'h';

/** Seconds per editor unit. */
export const DURATION_UNIT_SECONDS: Record<DurationUnit, number> = { s: 1, min: 60, h: 3600 };

/**
 * How the editor shows a raw value as an amount and unit: whole hours in h, whole minutes from 2 min
 * in min, otherwise seconds (tenths kept below 7 s).
 */
export function durationOfRaw(raw: number): { amount: number; unit: DurationUnit } {
  const seconds = decodeProcessTimer(raw)?.seconds ?? 0;
  if (seconds >= 3600 && seconds % 3600 === 0) return { amount: seconds / 3600, unit: 'h' };
  if (seconds >= 120 && seconds % 60 === 0) return { amount: seconds / 60, unit: 'min' };
  return { amount: seconds, unit: 's' };
}

/** One timer as the editor and the lists show it: raw value, decoded seconds and display text. */
export interface ProcessTimerView {
  kind: ProcessKind;
  raw: number;
  seconds: number;
  text: string;
}

/** Decoded view of a raw timer of a kind (section 4 display; fade on/off raw 116 shows 60s). */
export function viewProcessTimer(kind: ProcessKind, raw: number): ProcessTimerView {
  const timer = decodeProcessTimer(raw);
  return { kind, raw, seconds: timer?.seconds ?? 0, text: processTimerText(kind, raw) ?? '' };
}
