import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GatewayRow } from '../../../../api/gateway';
import { projectKeys } from '../../../../api/project';
import { useSession } from '../../../../stores/session';
import { testUser } from '../../../../test/render-app';
import { fakeApi, renderComponent, tableRows } from '../../../../test/render-component';
import { GatewayTable } from './gateway-table';

const gateway = (id: number): GatewayRow => ({
  id,
  nid: 3,
  sn: `gw-${id}`,
  name: `Gateway ${id}`,
  gatewayType: 3,
  status: 2,
  meshStatus: 1,
  online: true,
  firmware: '1.0',
  lastSeen: null,
  createTime: 0,
  clockAhead: { count: 0, lastAt: null },
});
const gateways = Array.from({ length: 25 }, (_, index) => gateway(index + 1));

const renderTable = (canConfigure = false) =>
  renderComponent(
    <GatewayTable
      gateways={gateways}
      loading={false}
      canConfigure={canConfigure}
      onDiagnosis={() => undefined}
      onSecret={() => undefined}
      onAdd={() => undefined}
    />,
    { user: { pageNumber: 20 } },
  );

describe('gateway table', { timeout: 60_000 }, () => {
  it('says the list is empty, with its add button, only once it has loaded with no gateway', async () => {
    const table = (loading: boolean) => (
      <GatewayTable
        gateways={[]}
        loading={loading}
        canConfigure
        onDiagnosis={() => undefined}
        onSecret={() => undefined}
        onAdd={() => undefined}
      />
    );
    const view = await renderComponent(table(true));
    expect(screen.queryByTestId('gateways-empty')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add gateway/ })).toBeNull();
    await view.rerender(table(false));
    const empty = await screen.findByTestId('gateways-empty');
    expect(within(empty).getByRole('button', { name: /Add gateway/ })).toBeTruthy();
  });

  it('pages by the user page size setting', async () => {
    await renderTable();
    expect(tableRows()).toHaveLength(20);
    expect(screen.getByTitle('2')).toBeTruthy();
  });

  it('offers renaming only where the network lets the user configure gateways', async () => {
    await renderTable(false);
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
  });

  it('renames a gateway', async () => {
    const api = fakeApi({ gatewayUpdate: { ...gateway(1), name: 'Lobby' } });
    await renderTable(true);
    const row = screen.getByText('Gateway 1').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename gateway Gateway 1' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Gateway 1');
    fireEvent.change(name, { target: { value: '  Lobby ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf('gatewayUpdate')).toHaveLength(1));
    expect(api.bodiesOf('gatewayUpdate')[0]).toMatchObject({ gatewayId: 1, name: 'Lobby' });
  });

  it("shows when a gateway was last heard from in its network's time zone, with the zone and the seconds", async () => {
    // 1 July 2026, 06:05:09 UTC: 07:05:09 in London (BST), whatever the browser's zone.
    const heard = { ...gateway(1), lastSeen: Date.UTC(2026, 6, 1, 6, 5, 9) / 1000 };
    await renderComponent(
      <GatewayTable
        gateways={[heard]}
        loading={false}
        canConfigure={false}
        onDiagnosis={() => undefined}
        onSecret={() => undefined}
        onAdd={() => undefined}
      />,
      {
        user: { timeFormat: 2 },
        seed: (client) => {
          useSession.getState().setNetwork(3, 'Hall');
          client.setQueryData(projectKeys.info(testUser.uid), [
            {
              id: 1,
              name: 'Head office',
              isDefault: true,
              networks: [{ id: 3, name: 'Hall', timeZone: 'Europe/London' }],
            },
          ]);
        },
      },
    );
    expect(await screen.findByText('01/07/2026 07:05:09 BST')).toBeTruthy();
  });

  it('flags a gateway whose reports came stamped ahead of the console, with how many and the last time', async () => {
    const ahead = { ...gateway(1), clockAhead: { count: 3, lastAt: Date.UTC(2026, 6, 1, 6, 5, 9) / 1000 } };
    await renderComponent(
      <GatewayTable
        gateways={[ahead, gateway(2)]}
        loading={false}
        canConfigure={false}
        onDiagnosis={() => undefined}
        onSecret={() => undefined}
        onAdd={() => undefined}
      />,
    );
    const tag = screen.getByTestId('clock-ahead-1');
    expect(tag.textContent).toBe('Clock ahead (3)');
    expect(screen.queryByTestId('clock-ahead-2')).toBeNull();
    fireEvent.mouseEnter(tag);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(
      /^3 reports came stamped more than 5 minutes ahead of the console and were refused; the last at .*2026.*\./,
    );
  });
});
