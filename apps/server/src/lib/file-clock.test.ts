import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileClock } from './file-clock.ts';

function clockFile(body: unknown, writtenMs: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'clock-')), 'clock.json');
  rewrite(path, body, writtenMs);
  return path;
}

function rewrite(path: string, body: unknown, writtenMs: number): void {
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  utimesSync(path, writtenMs / 1000, writtenMs / 1000);
}

describe('a clock read from a file (CLOCK_FILE)', () => {
  const written = Date.parse('2026-12-01T10:00:00Z');

  it('shows the file’s instant when written and runs on in real time', () => {
    let real = written;
    const now = fileClock(clockFile({ at: '2026-03-02T00:29:50Z' }, written), () => real);
    expect(now().toISOString()).toBe('2026-03-02T00:29:50.000Z');
    real += 15_000;
    expect(now().toISOString()).toBe('2026-03-02T00:30:05.000Z');
  });

  it('runs `rate` clock seconds a real second', () => {
    let real = written + 2_000;
    const now = fileClock(clockFile({ at: '2026-01-01T00:00:00+01:00', rate: 3600 }, written), () => real);
    expect(now().toISOString()).toBe('2026-01-01T01:00:00.000Z');
    real += 1_000;
    expect(now().toISOString()).toBe('2026-01-01T02:00:00.000Z');
  });

  it('is set again by writing the file, and keeps running on a bad rewrite', () => {
    let real = written;
    const path = clockFile({ at: '2026-03-02T00:00:00Z' }, written);
    const now = fileClock(path, () => real);
    real += 1_000;
    rewrite(path, { at: '2026-04-06T00:30:00Z' }, real);
    real += 500;
    expect(now().toISOString()).toBe('2026-04-06T00:30:00.500Z');
    rewrite(path, '{"at": "2026-', real);
    real += 500;
    expect(now().toISOString()).toBe('2026-04-06T00:30:01.000Z');
  });

  it('refuses a missing file, one that is not JSON, a bad instant or a bad rate, in one line', () => {
    expect(() => fileClock('/nonexistent/clock.json')).toThrow(/ENOENT/);
    expect(() => fileClock(clockFile('tomorrow', written))).toThrow(/is not JSON like/);
    expect(() => fileClock(clockFile({ at: 'monday' }, written))).toThrow(/"at" must be an ISO 8601 instant/);
    expect(() => fileClock(clockFile({ at: '2026-03-02T00:00:00Z', rate: 0 }, written))).toThrow(/"rate"/);
  });
});
