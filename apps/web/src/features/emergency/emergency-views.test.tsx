import type { LastResult, ScheduleReport } from '@lightwell/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../test/render-component';
import { LastResultCell } from './grade-tag';
import { epochOfWallInput, lastTwelveMonths, readPrintSearch, wallInputOf, yearPeriod } from './period';
import { ScheduleMatrix } from './schedule-matrix';

const cell = (grade: ScheduleReport['rows'][number]['yearly']['grade']) => ({ grade, recordId: null, at: null });

describe('emergency periods in the site zone', () => {
  it('takes calendar years and the last twelve months from local midnight', () => {
    expect(yearPeriod(2026, 'Europe/Berlin')).toEqual({
      from: Date.UTC(2025, 11, 31, 23) / 1000,
      to: Date.UTC(2026, 11, 31, 23) / 1000,
    });
    // 10 July 2026 in New York: 10 July 2025 up to the end of today, nothing of the days to come.
    expect(lastTwelveMonths(Date.UTC(2026, 6, 10, 12) / 1000, 'America/New_York')).toEqual({
      from: Date.UTC(2025, 6, 10, 4) / 1000,
      to: Date.UTC(2026, 6, 11, 4) / 1000,
    });
    // On 1 December the last December is in it (not 1 January to 1 January).
    expect(lastTwelveMonths(Date.UTC(2026, 11, 1, 12) / 1000, 'Europe/Berlin')).toEqual({
      from: Date.UTC(2025, 10, 30, 23) / 1000,
      to: Date.UTC(2026, 11, 1, 23) / 1000,
    });
    // 29 February: from 28 February a year before.
    expect(lastTwelveMonths(Date.UTC(2028, 1, 29, 12) / 1000, 'UTC').from).toBe(Date.UTC(2027, 1, 28) / 1000);
  });

  it('reads and writes wall times of the site zone across a DST change', () => {
    const at = epochOfWallInput('2026-03-29T03:30', 'Europe/Berlin');
    expect(at).toBe(Date.UTC(2026, 2, 29, 1, 30) / 1000);
    expect(wallInputOf(at as number, 'Europe/Berlin')).toBe('2026-03-29T03:30');
    expect(epochOfWallInput('not a time', 'Europe/Berlin')).toBeNull();
  });

  it('reads a print route query and refuses an incomplete one', () => {
    expect(readPrintSearch(new URLSearchParams('nid=9&from=10&to=20'))).toEqual({ nid: 9, from: 10, to: 20 });
    expect(readPrintSearch(new URLSearchParams('nid=9&from=20&to=10'))).toBeNull();
    expect(readPrintSearch(new URLSearchParams('from=10&to=20'))).toBeNull();
  });
});

describe('schedule matrix', { timeout: 60_000 }, () => {
  it('shows a grade or "not due" in every cell, and highlights months without a valid test', async () => {
    const report: ScheduleReport = {
      year: 2026,
      timeZone: 'Europe/Berlin',
      rows: [
        {
          deviceId: 1,
          fittingName: 'Exit sign 1',
          location: 'Stairwell',
          monthly: [
            cell('passed'),
            cell('missed'),
            cell('passedLate'),
            cell('failed'),
            cell('stopped'),
            ...Array.from({ length: 7 }, () => cell(null)),
          ],
          yearly: cell(null),
        },
      ],
    };
    await renderComponent(<ScheduleMatrix report={report} language="en" />);
    const row = screen.getByTestId('schedule-matrix').querySelector('tr.ant-table-row') as HTMLElement;
    const cells = [...row.querySelectorAll('td')].slice(1);
    expect(cells).toHaveLength(13);
    expect(cells.every((td) => (td.textContent ?? '').trim() !== '')).toBe(true);
    expect(cells.map((td) => td.classList.contains('lw-grade-cell--missing'))).toEqual([
      false,
      true,
      false,
      true,
      true,
      ...Array.from({ length: 8 }, () => false),
    ]);
    expect(cells[1]?.textContent).toBe('Missed');
    expect(cells[12]?.textContent).toBe('Not due');
  });
});

describe('last result of a fitting', { timeout: 60_000 }, () => {
  it('says a partial duration test is not the yearly test, and a full one nothing more', async () => {
    const result: LastResult = {
      recordId: 7,
      grade: 'passed',
      at: 0,
      achievedMinutes: 2,
      ratedMinutes: 180,
      partial: true,
      reasons: [],
    };
    const { rerender } = await renderComponent(<LastResultCell result={result} format={() => '03/01/2026'} />);
    expect(screen.getByText(/03\/01\/2026/).textContent).toBe(
      '03/01/2026 · 2 of 180 min · shorter than rated: not the yearly duration test',
    );
    await rerender(
      <LastResultCell result={{ ...result, achievedMinutes: 180, partial: false }} format={() => '03/01/2026'} />,
    );
    expect(screen.getByText(/03\/01\/2026/).textContent).toBe('03/01/2026 · 180 of 180 min');
  });
});
