import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../stores/session';
import { stubCanvas } from '../../../../test/canvas';
import { buildHeatMap } from '../../../../test/energy-data';
import { fakeApi, renderComponent } from '../../../../test/render-component';
import { DevicePowerHeatPage } from '.';

beforeEach(() => stubCanvas());

describe('device power heat map page', { timeout: 60_000 }, () => {
  it('asks for the period and zone in the address for the current network and draws the map', async () => {
    const api = fakeApi({ deviceHeatPower: buildHeatMap() });
    useSession.getState().setNetwork(3, 'Demo network');
    await renderComponent(
      <MemoryRouter initialEntries={['/home/power/device?span=30d&zid=2']}>
        <DevicePowerHeatPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('heat-matrix')).toBeTruthy();
    expect(api.bodiesOf('deviceHeatPower')[0]).toMatchObject({ nid: 3, span: '30d', zid: 2 });
    expect(screen.getByText('Last 30 days')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('heat-total').textContent).toBe('Total: 85.2 kWh'));
  });

  it('says what to do while the network has no readings', async () => {
    fakeApi({ deviceHeatPower: buildHeatMap({ rows: [], frames: [] }) });
    useSession.getState().setNetwork(3, 'Demo network');
    await renderComponent(
      <MemoryRouter initialEntries={['/home/power/device']}>
        <DevicePowerHeatPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('energy-empty')).textContent).toContain('Readings come from gateways');
    expect(screen.getByText('Last 7 days')).toBeTruthy();
  });
});
