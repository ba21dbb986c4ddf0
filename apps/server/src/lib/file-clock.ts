import { readFileSync, statSync } from 'node:fs';

/** What a clock file holds: the instant the clock showed when the file was written, and how fast it runs on. */
interface ClockSetting {
  /** ISO 8601 instant with its offset, e.g. `2026-03-02T00:29:50Z`. */
  at: string;
  /** Clock seconds per real second from the file's modification time (1 when left out). */
  rate?: number;
}

/** How long a read of the clock file is used before the file is looked at again, in real milliseconds. */
const REREAD_MS = 20;

/** Reads and checks a clock file; throws a one-line reason when it is missing or not a clock setting. */
function readSetting(path: string): { atMs: number; rate: number; sinceMs: number } {
  const sinceMs = statSync(path).mtimeMs;
  const text = readFileSync(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`clock file ${path} is not JSON like {"at":"2026-03-02T00:29:50Z","rate":1}`);
  }
  const { at, rate = 1 } = (parsed ?? {}) as Partial<ClockSetting>;
  const atMs = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  if (!Number.isFinite(atMs)) throw new Error(`clock file ${path}: "at" must be an ISO 8601 instant`);
  if (typeof rate !== 'number' || !(rate > 0) || rate > 1_000_000) {
    throw new Error(`clock file ${path}: "rate" must be a number above 0 and at most 1000000`);
  }
  return { atMs, rate, sinceMs };
}

/**
 * A clock read from a file, for drills and browser tests that move the console's time: it shows the file's
 * `at` when the file was last written and runs on at `rate` from then. Writing the file again sets it. The
 * file must be readable at start (this throws otherwise); a later unreadable or half-written file leaves the
 * clock running on from the last good setting.
 */
export function fileClock(path: string, realNow: () => number = Date.now): () => Date {
  let setting = readSetting(path);
  let readAt = realNow();
  return () => {
    const real = realNow();
    if (real - readAt >= REREAD_MS) {
      readAt = real;
      try {
        setting = readSetting(path);
      } catch {
        // A writer between truncate and write, or a removed file: keep the last good setting.
      }
    }
    return new Date(setting.atMs + (real - setting.sinceMs) * setting.rate);
  };
}
