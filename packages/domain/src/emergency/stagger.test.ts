import { describe, expect, it } from 'vitest';
import { inhibitEnd, inhibitRenewalDue, inhibitState, inhibitTimerEnd } from './inhibit.ts';
import { overdueKinds } from './overdue.ts';
import { peakPerZone, reducedCoverUntil, type StaggerFitting, staggerPlan, timeStagger } from './stagger.ts';

const fittings: StaggerFitting[] = [
  { id: 1, zoneId: 10, groupIds: [100] },
  { id: 2, zoneId: 10, groupIds: [100] },
  { id: 3, zoneId: 10, groupIds: [101] },
  { id: 4, zoneId: 20, groupIds: [101] },
  { id: 5, zoneId: 20, groupIds: [] },
  { id: 6, zoneId: null, groupIds: [] },
  { id: 7, zoneId: null, groupIds: [] },
];
const zoneOf = (id: number) => fittings.find((f) => f.id === id)?.zoneId ?? null;

describe('staggering duration tests (issue 14 "Staggering")', () => {
  it('zone split: no two fittings of a zone in one batch', () => {
    expect(staggerPlan(fittings, 'zone').batches).toEqual([[1, 4, 6], [2, 5, 7], [3]]);
  });

  it('group split: no two fittings sharing a group in one batch', () => {
    expect(staggerPlan(fittings, 'group').batches).toEqual([[1, 3, 5], [2, 4, 6], [7]]);
  });

  it('alternate split: every other fitting of each zone', () => {
    expect(staggerPlan(fittings, 'alternate').batches).toEqual([
      [1, 3, 4, 6],
      [2, 5, 7],
    ]);
  });

  it('timed: one fitting per zone on battery at once (zone split), half a zone (alternate)', () => {
    const start = new Date('2026-06-15T21:00:00Z');
    const zoneSlots = timeStagger(staggerPlan(fittings, 'zone'), start, { testMinutes: 180 });
    expect(peakPerZone(zoneSlots, zoneOf)).toBe(1);
    const alternate = timeStagger(staggerPlan(fittings, 'alternate'), start, { testMinutes: 180 });
    expect(peakPerZone(alternate, zoneOf)).toBe(2);
    const together = timeStagger({ split: 'zone', batches: [[1, 2, 3]] }, start, { testMinutes: 180 });
    expect(peakPerZone(together, zoneOf)).toBe(3);
  });

  it('spaces batches by the test plus 24 h of recharge, and shows reduced cover until recharged', () => {
    const start = new Date('2026-06-15T21:00:00Z');
    const slots = timeStagger(staggerPlan(fittings, 'zone'), start, { testMinutes: 180 });
    const second = slots.find((slot) => slot.id === 2);
    expect(second?.start.toISOString()).toBe('2026-06-17T00:00:00.000Z');
    expect(second?.end.toISOString()).toBe('2026-06-17T03:00:00.000Z');
    expect(second?.reducedCoverUntil.toISOString()).toBe('2026-06-18T03:00:00.000Z');
  });

  it.each([
    [null, '2026-06-16T00:00:00.000Z'],
    [0, '2026-06-16T00:00:00.000Z'],
    [127, '2026-06-15T12:00:00.000Z'],
    [254, '2026-06-15T00:00:00.000Z'],
  ])('reduced cover with battery charge %s: until %s', (charge, until) => {
    expect(reducedCoverUntil(new Date('2026-06-15T00:00:00Z'), charge).toISOString()).toBe(until);
  });
});

describe('inhibit: 15-minute DALI timer, renewed or visibly lapsed', () => {
  const sent = new Date('2026-03-01T10:00:00Z');
  const until = inhibitEnd(sent, 60);
  const timerEnd = inhibitTimerEnd(sent);
  const at = (minutes: number) => new Date(sent.getTime() + minutes * 60_000);

  it('the fitting inhibits for 15 minutes per command', () => {
    expect(timerEnd.toISOString()).toBe('2026-03-01T10:15:00.000Z');
    expect(until.toISOString()).toBe('2026-03-01T11:00:00.000Z');
  });

  it.each([
    [5, 'active', false],
    [12, 'active', true],
    [15, 'lapsed', true],
    [30, 'lapsed', true],
    [60, 'none', false],
  ] as const)('after %i minutes: %s, renew %s', (minutes, state, renew) => {
    expect(inhibitState({ until, timerEnd }, at(minutes))).toBe(state);
    expect(inhibitRenewalDue({ until, timerEnd }, at(minutes))).toBe(renew);
  });

  it('is not renewed when the last timer covers the rest', () => {
    const last = inhibitTimerEnd(at(50));
    expect(inhibitRenewalDue({ until, timerEnd: last }, at(58))).toBe(false);
    expect(inhibitState({ until: null, timerEnd: last }, at(51))).toBe('none');
  });
});

describe('overdue (35 days for the monthly test, 395 for the yearly)', () => {
  const now = new Date('2026-06-30T00:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  it.each([
    [{ lastFunctionPass: daysAgo(20), lastDurationPass: daysAgo(100), since: daysAgo(1000) }, []],
    [{ lastFunctionPass: daysAgo(36), lastDurationPass: daysAgo(100), since: daysAgo(1000) }, ['function']],
    [{ lastFunctionPass: daysAgo(36), lastDurationPass: daysAgo(10), since: daysAgo(1000) }, []],
    [{ lastFunctionPass: daysAgo(1), lastDurationPass: daysAgo(396), since: daysAgo(1000) }, ['duration']],
    [{ lastFunctionPass: null, lastDurationPass: null, since: daysAgo(10) }, []],
    [{ lastFunctionPass: null, lastDurationPass: null, since: daysAgo(400) }, ['function', 'duration']],
  ])('%j → %j', (input, kinds) => expect(overdueKinds(input, now)).toEqual(kinds));
});
