import { Limits, TaskStatus } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AT, buildElement, buildFault, buildRecord, NID, seedNetwork } from '../../../test/emergency';
import { chooseOption, fakeApi, renderComponent, tableRows } from '../../../test/render-component';
import { EmergencyElementsPage } from '.';

const lapsed = buildElement({
  deviceId: 102,
  name: 'Corridor 2',
  mode: 3,
  inhibitUntil: AT + 3600,
  inhibitLapsed: true,
  overdue: true,
  overdueKinds: ['duration'],
  lastDuration: {
    recordId: 9,
    grade: 'failed',
    at: AT,
    achievedMinutes: 52,
    ratedMinutes: 180,
    partial: false,
    reasons: ['batteryDuration'],
  },
  openFaults: 1,
  nextCheck: AT + 86_400,
});
const list = (rows = [buildElement(), lapsed]) => ({
  list: rows,
  total: rows.length,
  page: 1,
  pageSize: 10,
  timeZone: 'Europe/Berlin',
});
const preview = {
  action: 'durationTest',
  fittings: 2,
  online: 2,
  onBattery: 2,
  minutesOnBattery: 180,
  notCharged: 1,
  neighbourZones: [{ zoneId: 31, name: 'Stairwell', fittings: 2 }],
  reducedCoverUntil: AT + 86_400,
  inhibitUntil: null,
  inEmergency: 0,
  held: [],
};
const task = {
  id: 55,
  nid: NID,
  gatewayId: 4,
  status: TaskStatus.executed,
  targetKind: 'zone',
  targetId: 31,
  total: 2,
  executed: 1,
  failed: 1,
  failures: { offline: 1 },
  createTime: AT,
  endTime: AT + 5,
  devices: [
    { deviceId: 101, name: 'Exit sign 1', status: TaskStatus.executed, reason: null },
    { deviceId: 102, name: 'Corridor 2', status: TaskStatus.failed, reason: 'offline' },
  ],
};

const renderPage = (canAct: boolean) =>
  renderComponent(
    <MemoryRouter>
      <EmergencyElementsPage />
    </MemoryRouter>,
    { seed: (client) => seedNetwork(client, canAct) },
  );

describe('emergency element info page', { timeout: 60_000 }, () => {
  it('shows mode, grades with minutes, N/A without a next check, a lapsed inhibit and overdue tests', async () => {
    fakeApi({ emergencyElementList: list() });
    await renderPage(false);
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const [first, second] = tableRows() as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('next-check').textContent).toBe('N/A');
    expect(first.textContent).toContain('Passed');
    expect(second.textContent).toContain('Inhibit');
    expect(within(second).getByTestId('inhibit-cell').textContent).toContain('Lapsed');
    expect(second.textContent).toContain('Failed');
    expect(second.textContent).toContain('52 of 180 min');
    expect(within(second).getByTestId('overdue-tag').textContent).toBe('Duration test');
    expect(within(second).getByTestId('next-check').textContent).not.toBe('N/A');
    // A member who may not act sees no actions and no row selection.
    expect(screen.queryByTestId('emergency-actions')).toBeNull();
    expect(first.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('confirms a zone duration test with the preview, runs it and shows each fitting’s outcome', async () => {
    const api = fakeApi({
      emergencyElementList: list(),
      emergencyActionPreview: preview,
      emergencyAction: { taskId: 55, fittings: 2 },
      taskGet: task,
    });
    await renderPage(true);
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.getByTestId('action-durationTest')).toHaveProperty('disabled', true);

    fireEvent.mouseDown(within(screen.getByTestId('action-target')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Zones'));
    await screen.findByTestId('action-target-ids');
    // The option of the open list (the zone column's cells carry the name as their title too).
    await chooseOption('action-target-ids', 'Stairwell');
    fireEvent.click(screen.getByTestId('action-durationTest'));

    const dialog = await screen.findByTestId('action-preview');
    expect(dialog.textContent).toContain('2 fittings go on battery for up to 180 minutes.');
    expect(dialog.textContent).toContain('1 fitting is not fully charged');
    expect(dialog.textContent).toContain('Zone Stairwell: 2 neighbouring fittings');
    expect(dialog.textContent).toContain('Reduced cover until the batteries are recharged');
    expect(api.bodiesOf('emergencyActionPreview').at(-1)).toMatchObject({
      nid: NID,
      action: 'durationTest',
      target: { kind: 'zone', ids: [31] },
      durationKind: 'preset',
    });

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Duration test' }));
    await waitFor(() => expect(api.bodiesOf('emergencyAction')).toHaveLength(1));
    expect(api.bodiesOf('emergencyAction')[0]).toMatchObject({
      nid: NID,
      gatewayId: 4,
      action: 'durationTest',
      target: { kind: 'zone', ids: [31] },
    });
    const outcome = await screen.findByTestId('task-fittings');
    await waitFor(() => expect(tableRows(outcome)).toHaveLength(2));
    expect(tableRows(outcome)[1]?.textContent).toContain('Corridor 2');
    expect(screen.getByTestId('task-tally').textContent).toContain('1 failed');
  });

  it('acts on the selected fittings', async () => {
    const api = fakeApi({ emergencyElementList: list(), emergencyActionPreview: { ...preview, action: 'inhibit' } });
    await renderPage(true);
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    fireEvent.click((tableRows()[1] as HTMLElement).querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(screen.getByTestId('action-inhibit'));
    await screen.findByTestId('action-preview');
    expect(api.bodiesOf('emergencyActionPreview').at(-1)).toMatchObject({
      action: 'inhibit',
      target: { kind: 'fittings', ids: [102] },
      inhibitMinutes: 15,
    });
  });

  it('opens a fitting’s latest results from its name: its 20 newest tests and faults (section 9)', async () => {
    expect(Limits.latestListSize).toBe(20);
    // The logs hold more; the server answers the page asked for (here every record, as a page bigger than 20 would).
    const records = Array.from({ length: 25 }, (_, index) =>
      buildRecord({ id: 200 + index, deviceId: 102, fittingName: 'Corridor 2', startedAt: AT - index * 3600 }),
    );
    const faults = Array.from({ length: 25 }, (_, index) =>
      buildFault({ id: 300 + index, deviceId: 102, fittingName: 'Corridor 2', openedAt: AT - index * 3600 }),
    );
    const page = <T,>(rows: T[]) => ({ list: rows, total: rows.length, page: 1, pageSize: 20 });
    const api = fakeApi({
      emergencyElementList: list(),
      emergencyTestLog: page(records),
      emergencyFaultLog: page(faults),
    });
    await renderPage(false);
    await waitFor(() => expect(tableRows()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Latest results of Corridor 2' }));
    const drawer = (await screen.findByTestId('latest-tests')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('Latest results of Corridor 2')).toBeTruthy();
    await waitFor(() => expect(tableRows(within(drawer).getByTestId('latest-tests'))).toHaveLength(20));
    await waitFor(() => expect(tableRows(within(drawer).getByTestId('latest-faults'))).toHaveLength(20));
    expect(api.bodiesOf('emergencyTestLog').at(-1)).toMatchObject({ nid: NID, deviceId: 102, page: 1, pageSize: 20 });
    expect(api.bodiesOf('emergencyFaultLog').at(-1)).toMatchObject({
      nid: NID,
      deviceId: 102,
      state: 'all',
      page: 1,
      pageSize: 20,
    });
    // The newest first, no paging: the logs hold the rest.
    expect(drawer.querySelector('.ant-pagination')).toBeNull();
    expect(drawer.textContent).toContain("This fitting's latest 20 tests and latest 20 faults, newest first.");
    expect(within(drawer).getByRole('link', { name: 'Self-test log' })).toBeTruthy();
  });
});
