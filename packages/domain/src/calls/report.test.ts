import { describe, expect, it } from 'vitest';
import { periodEndingAt } from '../energy/periods.ts';
import { DownloadPeriodSchema, downloadPeriodIn, localRangeOf } from './report.ts';

const utc = (...parts: [number, number, number, number?]) =>
  Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0) / 1000;

describe('report periods', () => {
  it('takes a span as the statistics screens do, ending with the unit that holds the moment asked', () => {
    const asked = utc(2026, 10, 29, 11);
    expect(downloadPeriodIn({ kind: 'span', span: '7d' }, 'Europe/Berlin', asked)).toEqual(
      periodEndingAt(asked, { unit: 'day', count: 7 }, 'Europe/Berlin'),
    );
    const until = utc(2026, 10, 1, 12);
    expect(downloadPeriodIn({ kind: 'span', span: '3m', until }, 'Asia/Shanghai', asked)).toEqual(
      periodEndingAt(until, { unit: 'month', count: 3 }, 'Asia/Shanghai'),
    );
  });

  it('takes a range as whole local days, both ends included, across a clock change', () => {
    // 24 October 00:00 CEST to 26 October 00:00 CET: 49 hours.
    const period = downloadPeriodIn({ kind: 'range', from: '2026-10-24', to: '2026-10-25' }, 'Europe/Berlin', 0);
    expect(period).toEqual({ start: utc(2026, 10, 23, 22), end: utc(2026, 10, 25, 23) });
    expect(localRangeOf(period, 'Europe/Berlin')).toEqual({ from: '2026-10-24', to: '2026-10-25' });
    // The same days in another zone are other instants.
    expect(downloadPeriodIn({ kind: 'range', from: '2026-10-24', to: '2026-10-25' }, 'Asia/Shanghai', 0)).toEqual({
      start: utc(2026, 10, 23, 16),
      end: utc(2026, 10, 25, 16),
    });
  });

  it('refuses a range that ends before it starts or spans more than 366 days', () => {
    const ok = (from: string, to: string) => DownloadPeriodSchema.safeParse({ kind: 'range', from, to }).success;
    expect(ok('2026-10-01', '2026-10-01')).toBe(true);
    expect(ok('2024-01-01', '2024-12-31')).toBe(true);
    expect(ok('2026-10-02', '2026-10-01')).toBe(false);
    expect(ok('2025-01-01', '2026-01-02')).toBe(false);
    expect(ok('2026-02-30', '2026-03-01')).toBe(false);
  });
});
