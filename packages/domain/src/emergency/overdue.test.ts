import { describe, expect, it } from 'vitest';
import { type FittingWindow, isWindowResult, missedWindows, overdueKinds, type WindowResult } from './overdue.ts';

const at = (iso: string) => new Date(iso);
/** July's monthly window of a schedule on the 20th at 10:00 UTC: it closes at midnight starting August. */
const july: FittingWindow = { kind: 'function', start: at('2026-07-20T10:00:00Z'), end: at('2026-08-01T00:00:00Z') };
/** The yearly duration window of June. */
const june: FittingWindow = { kind: 'duration', start: at('2026-06-04T01:00:00Z'), end: at('2026-07-01T00:00:00Z') };
const result = (over: Partial<WindowResult> & { endedAt: Date }): WindowResult => ({
  kind: 'function',
  partial: false,
  grade: 'passed',
  ...over,
});

describe('valid results of a window', () => {
  it.each([
    ['a pass inside it', result({ endedAt: at('2026-07-20T10:01:00Z') }), true],
    ['a late failure inside it', result({ grade: 'failedLate', endedAt: at('2026-07-31T23:59:59Z') }), true],
    ['a stopped test', result({ grade: 'stopped', endedAt: at('2026-07-21T10:00:00Z') }), false],
    ['a voided test', result({ grade: 'voided', endedAt: at('2026-07-21T10:00:00Z') }), false],
    ['a pass before it opened', result({ endedAt: at('2026-07-20T09:59:59Z') }), false],
    ['a pass when it closed', result({ endedAt: at('2026-08-01T00:00:00Z') }), false],
    ['a duration test', result({ kind: 'duration', endedAt: at('2026-07-25T12:00:00Z') }), true],
  ])('monthly: %s → %s', (_name, r, valid) => expect(isWindowResult(r, july)).toBe(valid));

  it('a partial duration test answers the monthly window but never the yearly one', () => {
    const partial = result({ kind: 'duration', partial: true, endedAt: at('2026-06-04T02:00:00Z') });
    expect(isWindowResult(partial, june)).toBe(false);
    expect(isWindowResult({ ...partial, kind: 'duration', partial: false }, june)).toBe(true);
    expect(isWindowResult(result({ endedAt: at('2026-06-10T00:00:00Z') }), june)).toBe(false);
  });
});

describe('missed windows', () => {
  const results = [result({ grade: 'stopped', endedAt: at('2026-07-21T10:00:00Z') })];
  it('a window is missed only once it has closed with no valid result', () => {
    expect(missedWindows([july], results, at('2026-07-31T23:59:59Z'))).toEqual([]);
    expect(missedWindows([july], results, at('2026-08-01T00:00:00Z'))).toEqual([july]);
    expect(
      missedWindows([july], [result({ endedAt: at('2026-07-22T08:00:00Z') })], at('2026-08-02T00:00:00Z')),
    ).toEqual([]);
  });
  it('names a window the schedule and a missed record both give once, oldest first', () => {
    const copy = { ...july, start: new Date(july.start), end: new Date(july.end) };
    expect(missedWindows([july, june, copy], [], at('2026-08-05T00:00:00Z'))).toEqual([june, july]);
  });
});

describe('overdue: 35 and 395 days since the last pass, or at once when a window closed without a valid result', () => {
  const since = at('2026-07-01T00:00:00Z');
  it('an offline fitting is overdue for the monthly test the moment July’s window closes, not 35 days on', () => {
    const input = { lastFunctionPass: null, lastDurationPass: null, since };
    // 1 August 00:00 is 31 days after installation: the 35 days alone would not make it overdue.
    const closed = at('2026-08-01T00:00:00Z');
    expect(overdueKinds(input, closed)).toEqual([]);
    expect(overdueKinds({ ...input, missed: missedWindows([july], [], closed) }, closed)).toEqual(['function']);
    // Still open a second earlier: nothing missed, nothing overdue.
    const before = at('2026-07-31T23:59:59Z');
    expect(overdueKinds({ ...input, missed: missedWindows([july], [], before) }, before)).toEqual([]);
  });

  it('a pass since the missed window opened ends it; a pass before it does not', () => {
    const now = at('2026-08-03T12:00:00Z');
    const missed = [july];
    expect(
      overdueKinds({ lastFunctionPass: at('2026-07-10T10:00:00Z'), lastDurationPass: null, since, missed }, now),
    ).toEqual(['function']);
    expect(
      overdueKinds({ lastFunctionPass: at('2026-08-02T09:00:00Z'), lastDurationPass: null, since, missed }, now),
    ).toEqual([]);
    // A full duration test shows the fitting lights on battery: it ends a missed monthly window too.
    expect(
      overdueKinds({ lastFunctionPass: null, lastDurationPass: at('2026-08-02T09:00:00Z'), since, missed }, now),
    ).toEqual([]);
  });

  it('a missed yearly window makes the duration test overdue; a function pass does not end it', () => {
    const now = at('2026-07-01T00:00:00Z');
    const input = {
      lastFunctionPass: at('2026-06-20T10:00:00Z'),
      lastDurationPass: at('2025-06-05T04:00:00Z'),
      since: at('2025-01-01T00:00:00Z'),
    };
    expect(overdueKinds(input, now)).toEqual([]);
    expect(overdueKinds({ ...input, missed: [june] }, now)).toEqual(['duration']);
  });

  it('the gap rule stands alongside', () => {
    const now = at('2026-08-01T00:00:00Z');
    expect(
      overdueKinds(
        { lastFunctionPass: at('2026-06-26T23:59:59Z'), lastDurationPass: null, since: at('2024-01-01T00:00:00Z') },
        now,
      ),
    ).toEqual(['function', 'duration']);
  });
});
