import type { ModeChange } from '@lightwell/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AT, NID } from '../../../../test/emergency';
import { checkFittingFilter } from '../../../../test/fitting-filter';
import { cells, lastYear, lastYearPeriod, listPage, renderLogPage } from '../../../../test/log-page';
import { chooseOption, fakeApi, pagedListApi, queryOf as query, tableRows } from '../../../../test/render-component';
import { EmergencyModeLogPage } from '.';

/** A mode change of fitting 101 from normal to a running function test; `changes` override. */
const change = (changes: Partial<ModeChange> = {}): ModeChange => ({
  id: 1,
  deviceId: 101,
  fittingName: 'Exit sign 1',
  location: 'Stairwell, level 2',
  at: AT + 5,
  fromMode: 0,
  toMode: 5,
  statusBits: 0,
  failureBits: 0,
  ...changes,
});

const page = listPage;

/**
 * A server holding `total` mode changes ("Fitting 1" newest; "Period fitting 1" when a period is asked
 * for), answering each page asked for.
 */
const pagedServer = (total: number) =>
  pagedListApi('emergencyModeLog', total, (number, body) =>
    change({ id: number, fittingName: `${body.from === undefined ? 'Fitting' : 'Period fitting'} ${number}` }),
  );

const renderPage = (user: Parameters<typeof renderLogPage>[1] = {}) => renderLogPage(EmergencyModeLogPage, user);

const choose = chooseOption;
const queryOf = (body: Record<string, unknown> | undefined) =>
  query(body, ['nid', 'page', 'pageSize', 'from', 'to', 'deviceId']);

describe('emergency mode log page', { timeout: 60_000 }, () => {
  it('lists each mode change with fitting, location, the time in the site zone and the modes by name', async () => {
    const api = fakeApi({
      emergencyModeLog: page([
        change(),
        change({
          id: 2,
          deviceId: 102,
          fittingName: 'Corridor 2',
          location: null,
          // 1 July 2026 07:30:09 UTC: 09:30:09 summer time in Berlin.
          at: Date.UTC(2026, 6, 1, 7, 30, 9) / 1000,
          fromMode: null,
          toMode: 3,
          failureBits: 1 | 128,
        }),
      ]),
    });
    // Day/month/year, the user's time format (not the default year-month-day).
    await renderPage({ timeFormat: 2 });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.getByTestId('mode-log').textContent).toContain('Mode changes of Demo office');
    const headers = [...screen.getByTestId('mode-log').querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Fitting', 'Location', 'Time', 'From', 'To', 'Failures']);
    const [first, second] = tableRows();
    // 1 March 2026 12:00:05 UTC is 13:00:05 winter time in Berlin.
    expect(cells(first)).toEqual([
      'Exit sign 1',
      'Stairwell, level 2',
      '01/03/2026 13:00:05 CET',
      'Normal',
      'Function test running',
      '',
    ]);
    // No mode before the first report reads "None"; failure bits by name.
    expect(cells(second)).toEqual([
      'Corridor 2',
      '',
      '01/07/2026 09:30:09 CEST',
      'None',
      'Inhibit',
      'Circuit failure, Duration test failed',
    ]);
    expect(queryOf(api.bodiesOf('emergencyModeLog')[0])).toEqual({ nid: NID, page: 1, pageSize: 10 });
    // Everything fits on one page: no pager.
    expect(screen.getByTestId('mode-log').querySelector('.ant-pagination')).toBeNull();
  });

  it('shows times in the year-month-day format by default', async () => {
    fakeApi({ emergencyModeLog: page([change({ toMode: 1 })]) });
    await renderPage();
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(cells(tableRows()[0])[2]).toBe('2026-03-01 13:00:05 CET');
    expect(cells(tableRows()[0])[4]).toBe('Emergency');
  });

  it('pages by the user’s page size and asks the server for the page shown', async () => {
    const api = pagedServer(45);
    await renderPage({ pageNumber: 20 });
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    expect(api.bodiesOf('emergencyModeLog')[0]).toMatchObject({ nid: NID, page: 1, pageSize: 20 });
    expect(cells(tableRows()[0])[0]).toBe('Fitting 1');
    expect(screen.getByTitle('3')).toBeTruthy();
    expect(screen.queryByTitle('4')).toBeNull();

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(tableRows()).toHaveLength(5));
    expect(cells(tableRows()[0])[0]).toBe('Fitting 41');
    expect(queryOf(api.bodiesOf('emergencyModeLog').at(-1))).toEqual({ nid: NID, page: 3, pageSize: 20 });
  });

  it('asks for the period chosen, in the site zone, starting again at the first page', async () => {
    const api = pagedServer(45);
    await renderPage({ pageNumber: 20 });
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(cells(tableRows()[0])[0]).toBe('Fitting 21'));

    await choose('log-period', String(lastYear));
    // A calendar year from local midnight of 1 January in Berlin (23:00 UTC the day before).
    await waitFor(() =>
      expect(queryOf(api.bodiesOf('emergencyModeLog').at(-1))).toEqual({
        nid: NID,
        page: 1,
        pageSize: 20,
        ...lastYearPeriod,
      }),
    );
    await waitFor(() => expect(cells(tableRows()[0])[0]).toBe('Period fitting 1'));

    await choose('log-period', 'Last 12 months');
    await waitFor(() => {
      const { from = 0, to = 0, page } = api.bodiesOf('emergencyModeLog').at(-1) as Record<string, number>;
      expect(page).toBe(1);
      const now = Date.now() / 1000;
      expect(from).toBeLessThan(now);
      expect(to).toBeGreaterThan(now);
      // Twelve whole months: 365 or 366 days, give or take a change of summer time.
      expect(Math.abs((to - from) / 86_400 - 365.5)).toBeLessThan(1);
    });

    // Back to every change: the first page of the whole log again (cached from the first request, which
    // had no period either).
    await choose('log-period', 'All');
    await waitFor(() => expect(cells(tableRows()[0])[0]).toBe('Fitting 1'));
    expect(screen.getByTestId('log-period').textContent).toBe('All');
  });

  it('says so when the network has no mode change (the server answers 1050)', async () => {
    const api = fakeApi({}, { emergencyModeLog: 1050 });
    await renderPage();
    await waitFor(() => expect(api.bodiesOf('emergencyModeLog')).toHaveLength(1));
    const table = screen.getByTestId('mode-log');
    await waitFor(() => expect(table.textContent).toContain('No mode changes recorded.'));
    expect(tableRows()).toHaveLength(0);
  });

  it('finds a fitting by name on the server and shows only its rows, all again once cleared', () =>
    checkFittingFilter(EmergencyModeLogPage, 'emergencyModeLog', (fittingName) => change({ fittingName })));
});
