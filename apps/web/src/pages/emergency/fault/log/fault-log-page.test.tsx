import { Code } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildEntry, buildFault, NID, seedNetwork } from '../../../../test/emergency';
import { checkFittingFilter } from '../../../../test/fitting-filter';
import { testUser } from '../../../../test/render-app';
import { fakeApi, renderComponent, tableRows } from '../../../../test/render-component';
import { EmergencyFaultLogPage } from '.';

const page = (faults = [buildFault()]) => ({ list: faults, total: faults.length, page: 1, pageSize: 10 });

const renderPage = (canAct: boolean) =>
  renderComponent(
    <MemoryRouter>
      <EmergencyFaultLogPage />
    </MemoryRouter>,
    { seed: (client) => seedNetwork(client, canAct) },
  );

async function openDrawer() {
  await waitFor(() => expect(tableRows()).toHaveLength(1));
  fireEvent.click(screen.getByTestId('fault-open'));
  return screen.findByTestId('fault-drawer');
}

describe('fault log page', { timeout: 60_000 }, () => {
  it('lists faults with their cause and opens the workflow with the advice', async () => {
    fakeApi({ emergencyFaultLog: page() });
    await renderPage(false);
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]?.textContent).toContain('The battery did not last the rated duration.');
    expect(tableRows()[0]?.textContent).toContain('Open');
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('fault-advice').textContent).toContain('24 hours of unbroken charge');
    // A member who may not act reads the workflow only.
    expect(within(drawer).queryByTestId('fault-confirm')).toBeNull();
    expect(within(drawer).queryByTestId('step-safeguard')).toBeNull();
  });

  it('keeps confirm disabled until safeguard and rectification are filled', async () => {
    fakeApi({ emergencyFaultLog: page([buildFault({ safeguard: buildEntry('safeguard') })]) });
    await renderPage(true);
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('confirm-fault')).toHaveProperty('disabled', true);
    expect(drawer.textContent).toContain('Record the safeguard and the rectification first.');
  });

  it('records a step with the time read in the site zone, and shows the server’s refusal of a confirmation', async () => {
    const both = buildFault({ safeguard: buildEntry('safeguard'), rectify: buildEntry('rectify', { id: 2 }) });
    const api = fakeApi(
      { emergencyFaultLog: page([both]), emergencyFaultStep: both },
      { emergencyFaultConfirm: Code.faultStepsMissing },
    );
    await renderPage(true);
    const drawer = await openDrawer();
    const verify = within(drawer).getByText('Verification', {
      selector: '.ant-collapse-title, .ant-collapse-header-text',
    });
    fireEvent.click(verify);
    const form = await within(drawer).findByTestId('step-verify');
    const time = within(form).getByLabelText('Done at (time in Europe/Berlin)');
    fireEvent.change(time, { target: { value: '2026-07-01T09:30' } });
    expect(within(form).getByLabelText('Person')).toHaveProperty('value', testUser.name);
    fireEvent.click(within(form).getByTestId('save-verify'));
    await waitFor(() => expect(api.bodiesOf('emergencyFaultStep')).toHaveLength(1));
    // 09:30 summer time in Berlin is 07:30 UTC.
    expect(api.bodiesOf('emergencyFaultStep')[0]).toMatchObject({
      faultId: 70,
      step: 'verify',
      at: Date.UTC(2026, 6, 1, 7, 30) / 1000,
      person: testUser.name,
    });

    const confirm = within(drawer).getByTestId('confirm-fault');
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    const refusal = await within(drawer).findByTestId('fault-refusal');
    expect(refusal.textContent).not.toBe('');
    expect(api.bodiesOf('emergencyFaultConfirm')[0]).toMatchObject({ faultId: 70 });
  });

  const confirmed = (uid: number) =>
    buildFault({
      safeguard: buildEntry('safeguard'),
      rectify: buildEntry('rectify'),
      confirmState: 'confirmed',
      confirm: buildEntry('confirm', { by: { uid, name: uid === testUser.uid ? testUser.name : 'Anna Berg' } }),
    });

  it('tells another user that only the confirmer may change a confirmation', async () => {
    fakeApi({ emergencyFaultLog: page([confirmed(99)]) });
    await renderPage(true);
    const drawer = await openDrawer();
    expect(within(drawer).queryByTestId('confirm-withdraw')).toBeNull();
    expect(drawer.textContent).toContain('Confirmed by Anna Berg; only they may change it.');
  });

  it('lets the confirmer withdraw the confirmation', async () => {
    const api = fakeApi({
      emergencyFaultLog: page([confirmed(testUser.uid)]),
      emergencyFaultConfirmUpdate: confirmed(testUser.uid),
    });
    await renderPage(true);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('confirm-withdraw'));
    await waitFor(() =>
      expect(api.bodiesOf('emergencyFaultConfirmUpdate')[0]).toMatchObject({ faultId: 70, confirmed: false }),
    );
  });

  it('retests the failed fittings of the network once the dialog is confirmed', async () => {
    const api = fakeApi({
      emergencyFaultLog: page(),
      emergencyRetestFailed: { taskId: 56, fittings: 1 },
      taskGet: {
        id: 56,
        nid: NID,
        gatewayId: 4,
        status: 1,
        targetKind: 'network',
        targetId: null,
        total: 1,
        executed: 0,
        failed: 0,
        failures: {},
        createTime: 0,
        endTime: null,
        devices: [],
      },
    });
    await renderPage(true);
    fireEvent.click(await screen.findByTestId('retest-failed'));
    await screen.findAllByText('Retest the failed fittings?');
    fireEvent.click(lastButton('Retest failed fittings'));
    await waitFor(() => expect(api.bodiesOf('emergencyRetestFailed')[0]).toMatchObject({ nid: NID, kind: 'function' }));
    expect(await screen.findByTestId('emergency-task')).toBeTruthy();
  });

  it('finds a fitting by name on the server and shows only its rows, all again once cleared', () =>
    checkFittingFilter(EmergencyFaultLogPage, 'emergencyFaultLog', (fittingName) => buildFault({ fittingName })));
});

/** The last button named `name` (a confirmation's OK button comes after the page's own). */
function lastButton(name: string) {
  return screen.getAllByRole('button', { name }).at(-1) as HTMLElement;
}
