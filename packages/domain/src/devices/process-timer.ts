/** Decoded process timer (section 3: ProcessExpand raw value, TimeUnit 0-3, TimeSteps, ValueExpand text). */
export interface ProcessTimer {
  raw: number;
  timeUnit: 0 | 1 | 2 | 3;
  timeSteps: number;
  seconds: number;
}

/** Which process timer a raw value belongs to; fade on and fade off show raw 116 as 60 s. */
export type ProcessKind = 'onDelay' | 'offDelay' | 'fadeOn' | 'fadeOff' | 't1' | 't2';

/**
 * Section 4 process decoding: raw below 63 → unit 0, steps = raw, seconds raw/10; 63-118 → unit 1,
 * steps raw-62+6, seconds = steps; 119-174 → unit 2, steps raw-118+6, seconds 10×steps; 175-235 →
 * unit 3, steps raw-174+1, seconds 600×steps. Answers null outside 0..235.
 */
export function decodeProcessTimer(raw: number): ProcessTimer | null {
  if (!Number.isInteger(raw) || raw < 0 || raw > 235) return null;
  if (raw < 63) return { raw, timeUnit: 0, timeSteps: raw, seconds: raw / 10 };
  if (raw <= 118) {
    const steps = raw - 62 + 6;
    return { raw, timeUnit: 1, timeSteps: steps, seconds: steps };
  }
  if (raw <= 174) {
    const steps = raw - 118 + 6;
    return { raw, timeUnit: 2, timeSteps: steps, seconds: 10 * steps };
  }
  const steps = raw - 174 + 1;
  return { raw, timeUnit: 3, timeSteps: steps, seconds: 600 * steps };
}

/**
 * Section 4 display: under 60 s as `Ns`, under 3600 s as `NminNs`, otherwise `NhNmin`.
 * Tenths are kept below one second (raw 5 → "0.5s").
 */
export function formatProcessSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}min${Math.round(seconds % 60)}s`;
  return `${Math.floor(seconds / 3600)}h${Math.floor((seconds % 3600) / 60)}min`;
}

/** The text a process timer shows (ValueExpand): fade on/off raw 116 shows 60s (section 4). */
export function processTimerText(kind: ProcessKind, raw: number): string | null {
  const timer = decodeProcessTimer(raw);
  if (!timer) return null;
  if ((kind === 'fadeOn' || kind === 'fadeOff') && raw === 116) return '60s';
  return formatProcessSeconds(timer.seconds);
}

/** Section 3: hfRange 1-4 maps to 10, 30, 50, 75; anything else to the default 100. */
export function hfRangeValue(hfRange: number): number {
  return ({ 1: 10, 2: 30, 3: 50, 4: 75 } as Record<number, number>)[hfRange] ?? 100;
}
