import { describe, expect, it } from 'vitest';
import {
  nextReportRun,
  type ReportCycle,
  type ReportPeriod,
  type ReportSendDay,
  reportCalendarPeriodOfKey,
  reportPeriod,
  reportPeriodsDue,
  reportSendTime,
} from './cycles.ts';
import { localTimeInstant } from './local-time.ts';

const LONDON = 'Europe/London';
const SANTIAGO = 'America/Santiago';
const LORD_HOWE = 'Australia/Lord_Howe';
const HAVANA = 'America/Havana';

/** Epoch seconds of an ISO instant, and back. */
const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
const span = (period: ReportPeriod) => ({ key: period.key, start: iso(period.start), end: iso(period.end) });
const hours = (period: ReportPeriod) => (period.end - period.start) / 3600;

describe('periods are local calendar periods, never 24-hour steps', () => {
  it.each([
    // London: BST from 30 March 2025 01:00 UTC to 26 October 2025 01:00 UTC.
    [LONDON, 'weekly', '2025-03-27T12:00:00Z', '2025-W13', '2025-03-24T00:00:00Z', '2025-03-30T23:00:00Z', 167],
    [LONDON, 'weekly', '2025-10-22T12:00:00Z', '2025-W43', '2025-10-19T23:00:00Z', '2025-10-27T00:00:00Z', 169],
    [LONDON, 'monthly', '2025-03-15T12:00:00Z', '2025-03', '2025-03-01T00:00:00Z', '2025-03-31T23:00:00Z', 743],
    [LONDON, 'quarterly', '2025-02-10T12:00:00Z', '2025-Q1', '2025-01-01T00:00:00Z', '2025-03-31T23:00:00Z', 2159],
    [LONDON, 'yearly', '2025-12-31T12:00:00Z', '2025', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 8760],
    // Santiago: UTC-3 until 6 April 2025 03:00 UTC (midnight becomes 23:00), UTC-3 again from 7 September
    // 2025 04:00 UTC (midnight skipped to 01:00).
    [SANTIAGO, 'weekly', '2025-04-02T12:00:00Z', '2025-W14', '2025-03-31T03:00:00Z', '2025-04-07T04:00:00Z', 169],
    [SANTIAGO, 'weekly', '2025-09-03T12:00:00Z', '2025-W36', '2025-09-01T04:00:00Z', '2025-09-08T03:00:00Z', 167],
    [SANTIAGO, 'monthly', '2025-09-15T12:00:00Z', '2025-09', '2025-09-01T04:00:00Z', '2025-10-01T03:00:00Z', 719],
    [SANTIAGO, 'quarterly', '2029-08-15T12:00:00Z', '2029-Q3', '2029-07-01T04:00:00Z', '2029-10-01T03:00:00Z', 2207],
    [SANTIAGO, 'yearly', '2025-06-15T12:00:00Z', '2025', '2025-01-01T03:00:00Z', '2026-01-01T03:00:00Z', 8760],
    // Lord Howe: +10:30, +11 in summer; the clock moves by 30 minutes (5 October 2025, 5 April 2026).
    [LORD_HOWE, 'weekly', '2025-10-01T00:00:00Z', '2025-W40', '2025-09-28T13:30:00Z', '2025-10-05T13:00:00Z', 167.5],
    [LORD_HOWE, 'weekly', '2026-04-01T00:00:00Z', '2026-W14', '2026-03-29T13:00:00Z', '2026-04-05T13:30:00Z', 168.5],
    [LORD_HOWE, 'monthly', '2025-10-15T00:00:00Z', '2025-10', '2025-09-30T13:30:00Z', '2025-10-31T13:00:00Z', 743.5],
    [LORD_HOWE, 'quarterly', '2025-11-15T00:00:00Z', '2025-Q4', '2025-09-30T13:30:00Z', '2025-12-31T13:00:00Z', 2207.5],
    [LORD_HOWE, 'yearly', '2025-06-15T00:00:00Z', '2025', '2024-12-31T13:00:00Z', '2025-12-31T13:00:00Z', 8760],
  ] as const)('%s %s holding %s is %s: [%s, %s), %d hours', (zone, cycle, instant, key, start, end, length) => {
    const period = reportPeriod(cycle, at(instant), zone);
    expect(span(period)).toEqual({ key, start, end });
    expect(hours(period)).toBe(length);
  });

  it('a week over New Year is ISO week 1 of the new year, Monday to Monday', () => {
    const period = reportPeriod('weekly', at('2025-12-31T12:00:00Z'), LONDON);
    expect(span(period)).toEqual({ key: '2026-W01', start: '2025-12-29T00:00:00Z', end: '2026-01-05T00:00:00Z' });
    expect(period.first).toEqual({ year: 2025, month: 12, day: 29 });
    expect(period.next).toEqual({ year: 2026, month: 1, day: 5 });
  });

  it('the instant is read in the zone: 31 December 13:30 UTC is already 1 January at Lord Howe', () => {
    const instant = at('2025-12-31T13:30:00Z');
    expect(reportPeriod('yearly', instant, LONDON).key).toBe('2025');
    expect(reportPeriod('yearly', instant, LORD_HOWE).key).toBe('2026');
  });

  it('previous is the last closed period', () => {
    const now = at('2026-01-01T00:10:00Z');
    expect(span(reportPeriod('monthly', now, LONDON, 'previous'))).toEqual({
      key: '2025-12',
      start: '2025-12-01T00:00:00Z',
      end: '2026-01-01T00:00:00Z',
    });
    expect(reportPeriod('weekly', now, LONDON, 'previous').key).toBe('2025-W52');
    expect(reportPeriod('quarterly', now, LONDON, 'previous').key).toBe('2025-Q4');
    expect(reportPeriod('yearly', now, LONDON, 'previous').key).toBe('2025');
  });

  it('a repeated midnight starts the period at its first occurrence (Havana, 1 November 2026)', () => {
    // Cuba goes back from 01:00 CDT to 00:00 CST: 00:00 is 04:00 UTC and again 05:00 UTC.
    expect(span(reportPeriod('monthly', at('2026-10-15T12:00:00Z'), HAVANA))).toEqual({
      key: '2026-10',
      start: '2026-10-01T04:00:00Z',
      end: '2026-11-01T04:00:00Z',
    });
  });
});

describe('send times: local wall-clock time on the first or second day after the period', () => {
  it.each([
    [LONDON, 'weekly', '2025-03-27T12:00:00Z', 1, '2025-03-30T23:30:00Z'], // Monday 00:30 BST
    [LONDON, 'weekly', '2025-03-27T12:00:00Z', 2, '2025-03-31T23:30:00Z'], // Tuesday 00:30 BST
    [LONDON, 'weekly', '2025-10-22T12:00:00Z', 1, '2025-10-27T00:30:00Z'], // Monday 00:30 GMT
    [LONDON, 'monthly', '2025-03-15T12:00:00Z', 1, '2025-03-31T23:00:00Z'],
    [LONDON, 'monthly', '2025-03-15T12:00:00Z', 2, '2025-04-01T23:00:00Z'],
    [LONDON, 'quarterly', '2025-02-10T12:00:00Z', 1, '2025-03-31T23:20:00Z'],
    [LONDON, 'quarterly', '2025-02-10T12:00:00Z', 2, '2025-04-01T23:20:00Z'],
    [LONDON, 'yearly', '2025-06-15T12:00:00Z', 1, '2026-01-01T00:20:00Z'],
    [LONDON, 'yearly', '2025-06-15T12:00:00Z', 2, '2026-01-02T00:20:00Z'],
    [SANTIAGO, 'weekly', '2025-04-02T12:00:00Z', 1, '2025-04-07T04:30:00Z'], // Monday 00:30 UTC-4
    [SANTIAGO, 'weekly', '2025-09-03T12:00:00Z', 2, '2025-09-09T03:30:00Z'], // Tuesday 00:30 UTC-3
    [SANTIAGO, 'monthly', '2025-03-15T12:00:00Z', 2, '2025-04-02T03:00:00Z'],
    [SANTIAGO, 'yearly', '2025-06-15T12:00:00Z', 1, '2026-01-01T03:20:00Z'],
    [LORD_HOWE, 'weekly', '2025-10-01T00:00:00Z', 1, '2025-10-05T13:30:00Z'], // Monday 00:30 +11
    [LORD_HOWE, 'weekly', '2026-04-01T00:00:00Z', 2, '2026-04-06T14:00:00Z'], // Tuesday 00:30 +10:30
    [LORD_HOWE, 'quarterly', '2025-11-15T00:00:00Z', 1, '2025-12-31T13:20:00Z'],
    [LORD_HOWE, 'quarterly', '2025-11-15T00:00:00Z', 2, '2026-01-01T13:20:00Z'],
    [LORD_HOWE, 'yearly', '2025-06-15T00:00:00Z', 2, '2026-01-01T13:20:00Z'],
  ] as const)('%s %s holding %s, day %i: %s', (zone, cycle, instant, day, expected) => {
    const period = reportPeriod(cycle, at(instant), zone);
    const sendAt = reportSendTime(period, day, zone);
    expect(iso(sendAt)).toBe(expected);
    expect(sendAt).toBeGreaterThanOrEqual(period.end);
  });

  it('a send time the clock skips goes out at the change (Santiago, 2 September 2029 00:00 → 01:00)', () => {
    const august = reportPeriod('monthly', at('2029-08-15T12:00:00Z'), SANTIAGO);
    expect(iso(august.end)).toBe('2029-09-01T04:00:00Z');
    expect(iso(reportSendTime(august, 1, SANTIAGO))).toBe('2029-09-01T04:00:00Z');
    expect(iso(reportSendTime(august, 2, SANTIAGO))).toBe('2029-09-02T04:00:00Z');
    // 00:30 that night does not exist either: the first instant at or after it is the change, 01:00 UTC-3.
    expect(iso(localTimeInstant({ year: 2029, month: 9, day: 2 }, 30, SANTIAGO))).toBe('2029-09-02T04:00:00Z');
  });

  it('a send time the clock repeats goes out at its first occurrence (Havana, 1 and 2 November)', () => {
    const october2026 = reportPeriod('monthly', at('2026-10-15T12:00:00Z'), HAVANA);
    expect(iso(reportSendTime(october2026, 1, HAVANA))).toBe('2026-11-01T04:00:00Z'); // not 05:00 UTC
    const october2025 = reportPeriod('monthly', at('2025-10-15T12:00:00Z'), HAVANA);
    expect(iso(reportSendTime(october2025, 2, HAVANA))).toBe('2025-11-02T04:00:00Z'); // 2 November 2025 is the Sunday
    expect(iso(localTimeInstant({ year: 2026, month: 11, day: 1 }, 30, HAVANA))).toBe('2026-11-01T04:30:00Z');
  });

  it('times away from a change are the plain wall-clock time', () => {
    expect(iso(localTimeInstant({ year: 2026, month: 1, day: 1 }, 20, LORD_HOWE))).toBe('2025-12-31T13:20:00Z');
    expect(iso(localTimeInstant({ year: 2025, month: 10, day: 5 }, 150, LORD_HOWE))).toBe('2025-10-04T15:30:00Z');
  });
});

describe('next run', () => {
  const next = (cycle: ReportCycle, day: ReportSendDay, now: string, zone: string) => {
    const run = nextReportRun(cycle, day, at(now), zone);
    return { at: iso(run.at), key: run.period.key };
  };

  it.each([
    // 31 December 2025, noon in London: every cycle's next run is at or after the New Year.
    ['yearly', 1, '2025-12-31T12:00:00Z', LONDON, '2026-01-01T00:20:00Z', '2025'],
    ['yearly', 2, '2025-12-31T12:00:00Z', LONDON, '2026-01-02T00:20:00Z', '2025'],
    ['quarterly', 1, '2025-12-31T12:00:00Z', LONDON, '2026-01-01T00:20:00Z', '2025-Q4'],
    ['quarterly', 2, '2025-12-31T12:00:00Z', LONDON, '2026-01-02T00:20:00Z', '2025-Q4'],
    ['monthly', 1, '2025-12-31T12:00:00Z', LONDON, '2026-01-01T00:00:00Z', '2025-12'],
    ['monthly', 2, '2025-12-31T12:00:00Z', LONDON, '2026-01-02T00:00:00Z', '2025-12'],
    ['weekly', 1, '2025-12-31T12:00:00Z', LONDON, '2026-01-05T00:30:00Z', '2026-W01'],
    ['weekly', 2, '2025-12-31T12:00:00Z', LONDON, '2026-01-06T00:30:00Z', '2026-W01'],
    // The second day's send of the last period is still to come just after the first day's start.
    ['monthly', 2, '2026-01-01T00:10:00Z', LONDON, '2026-01-02T00:00:00Z', '2025-12'],
    ['weekly', 2, '2025-12-29T12:00:00Z', LONDON, '2025-12-30T00:30:00Z', '2025-W52'],
    // At a send time the next run is the following one.
    ['yearly', 1, '2026-01-01T00:20:00Z', LONDON, '2027-01-01T00:20:00Z', '2026'],
    ['weekly', 1, '2025-03-30T23:30:00Z', LONDON, '2025-04-06T23:30:00Z', '2025-W14'],
    // Across the daylight-saving changes.
    ['weekly', 1, '2025-03-27T12:00:00Z', LONDON, '2025-03-30T23:30:00Z', '2025-W13'],
    ['weekly', 1, '2025-04-02T12:00:00Z', SANTIAGO, '2025-04-07T04:30:00Z', '2025-W14'],
    ['weekly', 2, '2025-09-03T12:00:00Z', SANTIAGO, '2025-09-09T03:30:00Z', '2025-W36'],
    ['monthly', 2, '2029-08-20T12:00:00Z', SANTIAGO, '2029-09-02T04:00:00Z', '2029-08'],
    ['yearly', 1, '2025-12-31T12:00:00Z', SANTIAGO, '2026-01-01T03:20:00Z', '2025'],
    ['weekly', 1, '2025-10-01T00:00:00Z', LORD_HOWE, '2025-10-05T13:30:00Z', '2025-W40'],
    ['weekly', 2, '2026-04-01T00:00:00Z', LORD_HOWE, '2026-04-06T14:00:00Z', '2026-W14'],
    ['monthly', 1, '2026-03-15T00:00:00Z', LORD_HOWE, '2026-03-31T13:00:00Z', '2026-03'],
    ['quarterly', 1, '2025-12-31T12:00:00Z', LORD_HOWE, '2025-12-31T13:20:00Z', '2025-Q4'],
    // 31 December 13:30 UTC is 1 January 00:30 at Lord Howe: that year's send has gone, the next is a year off.
    ['yearly', 1, '2025-12-31T13:30:00Z', LORD_HOWE, '2026-12-31T13:20:00Z', '2026'],
    ['yearly', 2, '2025-12-31T13:30:00Z', LORD_HOWE, '2026-01-01T13:20:00Z', '2025'],
  ] as const)('%s day %i after %s in %s: %s (%s)', (cycle, day, now, zone, expectedAt, key) => {
    expect(next(cycle, day, now, zone)).toEqual({ at: expectedAt, key });
  });
});

describe('due periods (catch-up after downtime)', () => {
  const due = (...args: Parameters<typeof reportPeriodsDue>) =>
    reportPeriodsDue(...args).map((d) => ({ ...span(d.period), sendAt: iso(d.sendAt), late: d.late }));

  it('lists every closed period not issued yet, oldest first, each late after downtime', () => {
    expect(due('weekly', 1, at('2025-03-17T00:00:00Z'), at('2025-04-02T10:00:00Z'), LONDON)).toEqual([
      {
        key: '2025-W12',
        start: '2025-03-17T00:00:00Z',
        end: '2025-03-24T00:00:00Z',
        sendAt: '2025-03-24T00:30:00Z',
        late: true,
      },
      {
        key: '2025-W13',
        start: '2025-03-24T00:00:00Z',
        end: '2025-03-30T23:00:00Z',
        sendAt: '2025-03-30T23:30:00Z',
        late: true,
      },
    ]);
  });

  it('is due from its send time on, and late only 15 minutes after it', () => {
    const issued = at('2025-03-24T00:00:00Z');
    expect(due('weekly', 1, issued, at('2025-03-30T23:29:59Z'), LONDON)).toEqual([]);
    expect(due('weekly', 1, issued, at('2025-03-30T23:30:00Z'), LONDON)).toMatchObject([
      { key: '2025-W13', late: false },
    ]);
    expect(due('weekly', 1, issued, at('2025-03-30T23:44:59Z'), LONDON)).toMatchObject([{ late: false }]);
    expect(due('weekly', 1, issued, at('2025-03-30T23:45:00Z'), LONDON)).toMatchObject([{ late: true }]);
    // Issued: nothing more until the next week's send.
    expect(due('weekly', 1, at('2025-03-30T23:00:00Z'), at('2025-04-02T10:00:00Z'), LONDON)).toEqual([]);
  });

  it('months across the Santiago change, each from its first local day, sent on the 2nd', () => {
    expect(due('monthly', 2, at('2025-04-01T03:00:00Z'), at('2025-06-03T12:00:00Z'), SANTIAGO)).toEqual([
      {
        key: '2025-04',
        start: '2025-04-01T03:00:00Z',
        end: '2025-05-01T04:00:00Z',
        sendAt: '2025-05-02T04:00:00Z',
        late: true,
      },
      {
        key: '2025-05',
        start: '2025-05-01T04:00:00Z',
        end: '2025-06-01T04:00:00Z',
        sendAt: '2025-06-02T04:00:00Z',
        late: true,
      },
    ]);
  });

  it('the year over New Year at Lord Howe', () => {
    expect(due('yearly', 1, at('2024-12-31T13:00:00Z'), at('2025-12-31T13:25:00Z'), LORD_HOWE)).toEqual([
      {
        key: '2025',
        start: '2024-12-31T13:00:00Z',
        end: '2025-12-31T13:00:00Z',
        sendAt: '2025-12-31T13:20:00Z',
        late: false,
      },
    ]);
  });

  it('with none issued: the newest due period only, or every period since the report was switched on', () => {
    const now = at('2025-04-02T10:00:00Z');
    expect(due('weekly', 1, null, now, LONDON).map((d) => d.key)).toEqual(['2025-W13']);
    expect(due('weekly', 1, null, now, LONDON, { since: at('2025-03-20T09:00:00Z') }).map((d) => d.key)).toEqual([
      '2025-W12',
      '2025-W13',
    ]);
    expect(due('weekly', 1, null, now, LONDON, { since: at('2025-04-01T09:00:00Z') })).toEqual([]);
  });

  it('hands out at most `limit` periods, the oldest', () => {
    const periods = due('yearly', 1, at('2020-01-01T00:00:00Z'), at('2025-06-01T00:00:00Z'), LONDON);
    expect(periods.map((d) => d.key)).toEqual(['2020', '2021', '2022', '2023', '2024']);
    const limited = due('yearly', 1, at('2020-01-01T00:00:00Z'), at('2025-06-01T00:00:00Z'), LONDON, { limit: 2 });
    expect(limited.map((d) => d.key)).toEqual(['2020', '2021']);
  });

  it('a network whose zone changed since its last report neither repeats nor skips a week', () => {
    const now = at('2025-04-02T10:00:00Z');
    // Week 12 was issued while the network was in New York (ends 04:00 UTC) or in Tokyo (ends 15:00 UTC the day before).
    for (const issuedEnd of ['2025-03-24T04:00:00Z', '2025-03-23T15:00:00Z']) {
      expect(due('weekly', 1, at(issuedEnd), now, LONDON).map((d) => d.key)).toEqual(['2025-W13']);
    }
  });
});

describe('period keys', () => {
  it.each([
    ['2026-W01', 'weekly', { year: 2025, month: 12, day: 29 }, { year: 2026, month: 1, day: 5 }],
    ['2020-W53', 'weekly', { year: 2020, month: 12, day: 28 }, { year: 2021, month: 1, day: 4 }],
    ['2025-03', 'monthly', { year: 2025, month: 3, day: 1 }, { year: 2025, month: 4, day: 1 }],
    ['2025-Q4', 'quarterly', { year: 2025, month: 10, day: 1 }, { year: 2026, month: 1, day: 1 }],
    ['2025', 'yearly', { year: 2025, month: 1, day: 1 }, { year: 2026, month: 1, day: 1 }],
  ] as const)('%s is the %s period from %o', (key, cycle, first, next) => {
    expect(reportCalendarPeriodOfKey(key)).toEqual({ cycle, key, first, next });
  });

  it.each(['2021-W53', '2025-13', '2025-00', '2025-Q5', '25-03', 'March'])('%s names no period', (key) => {
    expect(reportCalendarPeriodOfKey(key)).toBeNull();
  });
});
