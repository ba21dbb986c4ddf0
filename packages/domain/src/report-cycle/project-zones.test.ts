import { describe, expect, it } from 'vitest';
import { nextProjectReportRun, projectReportPeriod, projectReportPeriodsDue } from './project-zones.ts';

const LONDON = 'Europe/London';
const SANTIAGO = 'America/Santiago';
const LORD_HOWE = 'Australia/Lord_Howe';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('a project with networks in several zones', () => {
  it("takes the same calendar period in each network's zone and sends when the last zone has reached the time", () => {
    const period = projectReportPeriod('monthly', 1, { year: 2025, month: 12, day: 10 }, [LONDON, LORD_HOWE, LONDON]);
    expect(period.key).toBe('2025-12');
    expect(
      period.zones.map((zone) => ({
        timeZone: zone.timeZone,
        start: iso(zone.start),
        end: iso(zone.end),
        sendAt: iso(zone.sendAt),
      })),
    ).toEqual([
      { timeZone: LONDON, start: '2025-12-01T00:00:00Z', end: '2026-01-01T00:00:00Z', sendAt: '2026-01-01T00:00:00Z' },
      {
        timeZone: LORD_HOWE,
        start: '2025-11-30T13:00:00Z',
        end: '2025-12-31T13:00:00Z',
        sendAt: '2025-12-31T13:00:00Z',
      },
    ]);
    expect(iso(period.sendAt)).toBe('2026-01-01T00:00:00Z');
  });

  it('is due only once every zone has closed its period and reached the send time', () => {
    const zones = [LONDON, LORD_HOWE];
    expect(projectReportPeriodsDue('monthly', 1, '2025-11', at('2025-12-31T18:00:00Z'), zones)).toEqual([]);
    const due = projectReportPeriodsDue('monthly', 1, '2025-11', at('2026-01-01T00:00:00Z'), zones);
    expect(due.map((d) => ({ key: d.period.key, sendAt: iso(d.sendAt), late: d.late }))).toEqual([
      { key: '2025-12', sendAt: '2026-01-01T00:00:00Z', late: false },
    ]);
  });

  it('the yearly report of Santiago and Lord Howe goes at 00:20 on 1 January in Santiago', () => {
    const run = nextProjectReportRun('yearly', 1, at('2025-12-31T12:00:00Z'), [LORD_HOWE, SANTIAGO]);
    expect(run && { at: iso(run.at), key: run.period.key }).toEqual({ at: '2026-01-01T03:20:00Z', key: '2025' });
    expect(run?.period.zones.map((zone) => iso(zone.sendAt))).toEqual(['2025-12-31T13:20:00Z', '2026-01-01T03:20:00Z']);
    // After Lord Howe's send time, before Santiago's: still the same run.
    const later = nextProjectReportRun('yearly', 1, at('2025-12-31T20:00:00Z'), [LORD_HOWE, SANTIAGO]);
    expect(later && iso(later.at)).toBe('2026-01-01T03:20:00Z');
  });

  it('catches up by period key, oldest first', () => {
    const due = projectReportPeriodsDue('weekly', 2, '2025-W50', at('2026-01-07T12:00:00Z'), [LONDON, SANTIAGO]);
    expect(due.map((d) => ({ key: d.period.key, sendAt: iso(d.sendAt), late: d.late }))).toEqual([
      { key: '2025-W51', sendAt: '2025-12-23T03:30:00Z', late: true },
      { key: '2025-W52', sendAt: '2025-12-30T03:30:00Z', late: true },
      { key: '2026-W01', sendAt: '2026-01-06T03:30:00Z', late: true },
    ]);
  });

  it('with none issued, counts from the earliest zone period holding the switch-on time', () => {
    // 30 November 14:00 UTC is already 1 December at Lord Howe, still 30 November in London.
    const due = projectReportPeriodsDue('monthly', 1, null, at('2026-01-05T00:00:00Z'), [LONDON, LORD_HOWE], {
      since: at('2025-11-30T14:00:00Z'),
    });
    expect(due.map((d) => d.period.key)).toEqual(['2025-11', '2025-12']);
    expect(
      projectReportPeriodsDue('monthly', 1, null, at('2026-01-05T00:00:00Z'), [LONDON, LORD_HOWE]).map(
        (d) => d.period.key,
      ),
    ).toEqual(['2025-12']);
  });

  it('a project without networks has no report; a key of another cycle is refused', () => {
    expect(projectReportPeriodsDue('monthly', 1, null, at('2026-01-05T00:00:00Z'), [])).toEqual([]);
    expect(nextProjectReportRun('monthly', 1, at('2026-01-05T00:00:00Z'), [])).toBeNull();
    expect(() => projectReportPeriod('monthly', 1, { year: 2025, month: 12, day: 1 }, [])).toThrow(RangeError);
    expect(() => projectReportPeriodsDue('monthly', 1, '2025-W50', at('2026-01-05T00:00:00Z'), [LONDON])).toThrow(
      RangeError,
    );
  });
});
