import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AT, buildRecord, NID } from '../../../../../test/emergency';
import { checkFittingFilter } from '../../../../../test/fitting-filter';
import { cells, lastYear, lastYearPeriod, listPage, renderLogPage } from '../../../../../test/log-page';
import { chooseOption, fakeApi, pagedListApi, queryOf as query, tableRows } from '../../../../../test/render-component';
import { EmergencySelfTestLogPage } from '.';

const page = listPage;

/**
 * A server holding `total` test records ("Fitting 1" newest; "Failed fitting 1" when a grade is asked
 * for), answering each page asked for.
 */
const pagedServer = (total: number) =>
  pagedListApi('emergencyTestLog', total, (number, body) =>
    buildRecord({ id: number, fittingName: `${body.grade === undefined ? 'Fitting' : 'Failed fitting'} ${number}` }),
  );

const renderPage = (user: Parameters<typeof renderLogPage>[1] = {}) => renderLogPage(EmergencySelfTestLogPage, user);

const choose = chooseOption;
const queryOf = (body: Record<string, unknown> | undefined) =>
  query(body, ['nid', 'page', 'pageSize', 'from', 'to', 'grade', 'kind', 'deviceId', 'format']);

/** Waits until the log was last asked for the first page of 20 with `filters`. */
const askedFirstPage = (api: ReturnType<typeof fakeApi>, filters: Record<string, unknown>) =>
  waitFor(() =>
    expect(queryOf(api.bodiesOf('emergencyTestLog').at(-1))).toEqual({ nid: NID, page: 1, pageSize: 20, ...filters }),
  );

describe('emergency self-test log page', { timeout: 60_000 }, () => {
  it('lists test records with fitting, location, test, requested, started and ended in the site zone, grade and reasons', async () => {
    const api = fakeApi({
      emergencyTestLog: page([
        buildRecord({ location: 'Level 2', requestedAt: AT - 120, endedAt: AT + 65 }),
        buildRecord({
          id: 2,
          deviceId: 102,
          fittingName: 'Corridor 2',
          zoneName: null,
          location: 'Basement',
          kind: 'duration',
          startSource: 'manual',
          // Asked for 1 July 2026 04:30 UTC, held until charged, run 05:00-07:30:09 UTC (summer time in Berlin).
          requestedAt: Date.UTC(2026, 6, 1, 4, 30, 0) / 1000,
          startedAt: Date.UTC(2026, 6, 1, 5, 0, 0) / 1000,
          endedAt: Date.UTC(2026, 6, 1, 7, 30, 9) / 1000,
          grade: 'failed',
          failureBits: 2,
          reasons: ['batteryDuration'],
          achievedMinutes: 52,
          ratedMinutes: 180,
        }),
        buildRecord({
          id: 3,
          grade: 'stopped',
          stoppedBy: { uid: 8, name: 'Anna Berg' },
          stoppedAt: AT + 30,
          endedAt: AT + 30,
          startSource: 'retest',
          startedAt: null,
          correctsId: 1,
          remark: 'Stopped for the fire drill.',
        }),
      ]),
    });
    // Month/day/year, the user's time format (not the default year-month-day).
    await renderPage({ timeFormat: 1 });
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(screen.getByTestId('test-log').textContent).toContain('Self-test log of Demo office');
    const headers = [...screen.getByTestId('test-records').querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'Fitting',
      'Location',
      'Test',
      'Started by',
      'Requested',
      'Started',
      'Ended',
      'Grade',
      'Reasons',
      'Remark',
    ]);
    const [first, second, third] = tableRows();
    // 1 March 2026 12:01:05 UTC is 13:01:05 winter time in Berlin.
    expect(cells(first)).toEqual([
      'Exit sign 1',
      'Stairwell · Level 2',
      'Function test',
      'Schedule',
      '03/01/2026 12:58:00 CET',
      '03/01/2026 13:00:00 CET',
      '03/01/2026 13:01:05 CET',
      'Passed',
      '',
      '',
    ]);
    expect(cells(second)).toEqual([
      'Corridor 2',
      'Basement',
      'Duration test',
      'By a user',
      '07/01/2026 06:30:00 CEST',
      '07/01/2026 07:00:00 CEST',
      '07/01/2026 09:30:09 CEST',
      'Failed',
      'Battery duration failure · 52 of 180 min',
      '',
    ]);
    expect(within(third as HTMLElement).getByTestId('test-grade').textContent).toBe(
      'Stopped manuallyby Anna Berg, 03/01/2026 13:00:30 CET',
    );
    // Stopped before it started: neither requested by a task kept nor started.
    expect(cells(third).slice(3, 7)).toEqual(['Retest after repair', '', '', '03/01/2026 13:00:30 CET']);
    expect(cells(third)[9]).toBe('Correction of record 1: Stopped for the fire drill.');
    expect(queryOf(api.bodiesOf('emergencyTestLog')[0])).toEqual({ nid: NID, page: 1, pageSize: 10 });
    // Everything fits on one page: no pager.
    expect(screen.getByTestId('test-log').querySelector('.ant-pagination')).toBeNull();
  });

  it('names a custom duration test shorter than rated a partial duration test, and says it is not the yearly one', async () => {
    fakeApi({
      emergencyTestLog: page([
        buildRecord({
          kind: 'duration',
          startSource: 'manual',
          achievedMinutes: 2,
          ratedMinutes: 180,
          partial: true,
        }),
      ]),
    });
    await renderPage();
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    const [row] = tableRows();
    expect(cells(row).slice(2, 3)).toEqual(['Partial duration test']);
    expect(cells(row).slice(7, 9)).toEqual(['Passed', '2 of 180 min']);
    expect(
      within(row as HTMLElement)
        .getByText('Partial duration test')
        .getAttribute('title'),
    ).toBe('shorter than rated: not the yearly duration test');
  });

  it('pages by the user’s page size and asks the server for the page shown', async () => {
    const api = pagedServer(45);
    await renderPage({ pageNumber: 20 });
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    expect(queryOf(api.bodiesOf('emergencyTestLog')[0])).toEqual({ nid: NID, page: 1, pageSize: 20 });
    expect(screen.getByTitle('3')).toBeTruthy();
    expect(screen.queryByTitle('4')).toBeNull();

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(tableRows()).toHaveLength(5));
    expect(cells(tableRows()[0])[0]).toBe('Fitting 41');
    expect(queryOf(api.bodiesOf('emergencyTestLog').at(-1))).toEqual({ nid: NID, page: 3, pageSize: 20 });
  });

  it('filters by grade, test and period, each starting again at the first page', async () => {
    const api = pagedServer(45);
    await renderPage({ pageNumber: 20 });
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(cells(tableRows()[0])[0]).toBe('Fitting 21'));

    await choose('grade-filter', 'Failed');
    await askedFirstPage(api, { grade: 'failed' });
    await waitFor(() => expect(cells(tableRows()[0])[0]).toBe('Failed fitting 1'));

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(cells(tableRows()[0])[0]).toBe('Failed fitting 21'));
    await choose('kind-filter', 'Duration test');
    await askedFirstPage(api, { grade: 'failed', kind: 'duration' });

    await choose('log-period', String(lastYear));
    await askedFirstPage(api, { grade: 'failed', kind: 'duration', ...lastYearPeriod });

    // "All grades" drops the grade from the query; the other filters stay.
    await choose('grade-filter', 'All grades');
    await askedFirstPage(api, { kind: 'duration', ...lastYearPeriod });
    await waitFor(() => expect(cells(tableRows()[0])[0]).toBe('Fitting 1'));
    expect(screen.getByTestId('grade-filter').textContent).toBe('All grades');
    expect(screen.getByTestId('kind-filter').textContent).toBe('Duration test');
  });

  it('says so when the period holds no test record (the server answers 1050)', async () => {
    const api = fakeApi({}, { emergencyTestLog: 1050 });
    await renderPage();
    await waitFor(() => expect(api.bodiesOf('emergencyTestLog')).toHaveLength(1));
    const table = screen.getByTestId('test-records');
    await waitFor(() => expect(table.textContent).toContain('No test records in this period.'));
    expect(tableRows()).toHaveLength(0);
  });

  describe('record for the inspector', () => {
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    afterEach(() => {
      URL.createObjectURL = original.create;
      // The page revokes its file a minute after saving it, long after the test: where jsdom has no
      // revokeObjectURL, the stand-in stays so that late call does nothing.
      if (original.revoke) URL.revokeObjectURL = original.revoke;
      vi.restoreAllMocks();
    });

    it('opens the self-test printout of the period chosen in a new tab', async () => {
      fakeApi({ emergencyTestLog: page([buildRecord()]) });
      await renderPage();
      await waitFor(() => expect(tableRows()).toHaveLength(1));
      const print = screen.getByTestId('print-selfTest');
      expect(print.textContent).toBe('Print self-test report');
      expect(print.getAttribute('target')).toBe('_blank');
      // By default the last twelve months up to the end of this month, in the site zone.
      const before = new URL(print.getAttribute('href') ?? '', 'http://app');
      expect(before.pathname).toBe('/emergency/element/report/self/test');
      expect(before.searchParams.get('nid')).toBe(String(NID));
      const [from, to] = ['from', 'to'].map((key) => Number(before.searchParams.get(key)));
      const now = Date.now() / 1000;
      expect(from).toBeLessThan(now);
      expect(to).toBeGreaterThan(now);
      expect(Math.abs(((to as number) - (from as number)) / 86_400 - 365.5)).toBeLessThan(1);

      await choose('record-period', String(lastYear));
      await waitFor(() =>
        expect(screen.getByTestId('print-selfTest').getAttribute('href')).toBe(
          `/emergency/element/report/self/test?nid=${NID}&from=${lastYearPeriod.from}&to=${lastYearPeriod.to}`,
        ),
      );
      // The export period is its own: the log above still shows every record.
      expect(screen.getByTestId('log-period').textContent).toBe('All');
    });

    it('downloads the record of the period chosen as PDF and CSV under the server’s file name', async () => {
      const api = fakeApi({
        emergencyTestLog: page([buildRecord()]),
        emergencyRecordExport: {
          fileName: 'demo-office-record.pdf',
          contentType: 'application/pdf',
          base64: btoa('%PDF-1.7'),
        },
      });
      const saved: Blob[] = [];
      URL.createObjectURL = (file: Blob) => {
        saved.push(file);
        return `blob:record-${saved.length}`;
      };
      URL.revokeObjectURL = () => undefined;
      const clicked: { href: string; download: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
      });
      await renderPage();
      await waitFor(() => expect(tableRows()).toHaveLength(1));

      await choose('record-period', String(lastYear));
      fireEvent.click(screen.getByRole('button', { name: /Download PDF/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(queryOf(api.bodiesOf('emergencyRecordExport')[0])).toEqual({ nid: NID, format: 'pdf', ...lastYearPeriod });
      expect(clicked[0]).toEqual({ href: 'blob:record-1', download: 'demo-office-record.pdf' });
      expect(saved[0]?.type).toBe('application/pdf');
      expect(await saved[0]?.text()).toBe('%PDF-1.7');

      fireEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
      await waitFor(() => expect(clicked).toHaveLength(2));
      expect(queryOf(api.bodiesOf('emergencyRecordExport')[1])).toEqual({ nid: NID, format: 'csv', ...lastYearPeriod });
    });
  });

  it('finds a fitting by name on the server and shows only its rows, all again once cleared', () =>
    checkFittingFilter(EmergencySelfTestLogPage, 'emergencyTestLog', (fittingName) => buildRecord({ fittingName })));
});
