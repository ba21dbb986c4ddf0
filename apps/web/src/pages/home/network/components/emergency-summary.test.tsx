import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OverdueSummary } from '../../../../api/emergency';
import { stubCanvas } from '../../../../test/canvas';
import { buildNetworkEnergy } from '../../../../test/energy-data';
import { fakeApi, renderComponent } from '../../../../test/render-component';
import { OverviewWorkspace } from './overview-workspace';

beforeEach(() => stubCanvas());

const figures = { fittings: 6, overdue: 3, overdueFunction: 2, overdueDuration: 2, failed: 1, openFaults: 4 };
const withFittings = {
  networks: [{ nid: 3, pid: 1, name: 'Office', ...figures }],
  totals: figures,
} satisfies OverdueSummary;
const noFittings = {
  networks: [],
  totals: { fittings: 0, overdue: 0, overdueFunction: 0, overdueDuration: 0, failed: 0, openFaults: 0 },
} satisfies OverdueSummary;

const renderOverview = () =>
  renderComponent(
    <MemoryRouter initialEntries={['/home/network']}>
      <OverviewWorkspace nid={3} />
    </MemoryRouter>,
  );

describe('network overview: emergency lighting', { timeout: 60_000 }, () => {
  it("shows the network's fittings, overdue (function / duration), failed and open faults, and the way to them", async () => {
    const api = fakeApi({ networkEnergy: buildNetworkEnergy(), emergencyOverdueSummary: withFittings });
    await renderOverview();
    const card = within(await screen.findByTestId('network-emergency'));
    expect(api.bodiesOf('emergencyOverdueSummary').map((body) => body.nid)).toEqual([3]);

    expect(card.getByText('Emergency lighting')).toBeTruthy();
    expect(card.getByTestId('network-emergency-fittings').textContent).toBe('6 fittings');
    const overdue = card.getByTestId('network-emergency-overdue');
    expect(overdue.textContent).toBe('3 overdue');
    expect(overdue.className).toContain('ant-tag-orange');
    expect(card.getByTestId('network-emergency-split').textContent).toBe('Overdue: function test 2 · duration test 2');
    const failed = card.getByTestId('network-emergency-failed');
    expect(failed.textContent).toBe('1 failed');
    expect(failed.className).toContain('ant-tag-red');
    const faults = card.getByTestId('network-emergency-faults');
    expect(faults.textContent).toBe('4 open faults');
    expect(faults.className).toContain('ant-tag-red');

    const link = card.getByRole('link', { name: 'Open emergency devices' });
    expect(link.getAttribute('href')).toBe('/emergency/index');
    expect(screen.queryByTestId('network-emergency-none')).toBeNull();
  });

  it('leaves zeros uncoloured and the split out when nothing is overdue', async () => {
    const calm = { ...figures, fittings: 1, overdue: 0, overdueFunction: 0, overdueDuration: 0, failed: 0 };
    fakeApi({
      networkEnergy: buildNetworkEnergy(),
      emergencyOverdueSummary: { networks: [{ nid: 3, pid: 1, name: 'Office', ...calm }], totals: calm },
    });
    await renderOverview();
    const card = within(await screen.findByTestId('network-emergency'));
    expect(card.getByTestId('network-emergency-fittings').textContent).toBe('1 fitting');
    expect(card.getByTestId('network-emergency-overdue').className).not.toContain('ant-tag-orange');
    expect(card.getByTestId('network-emergency-failed').className).not.toContain('ant-tag-red');
    expect(card.getByTestId('network-emergency-faults').className).toContain('ant-tag-red');
    expect(card.queryByTestId('network-emergency-split')).toBeNull();
  });

  it('shows one muted line, not zeros, when the network has no emergency fitting', async () => {
    fakeApi({ networkEnergy: buildNetworkEnergy(), emergencyOverdueSummary: noFittings });
    await renderOverview();
    const none = await screen.findByTestId('network-emergency-none');
    expect(none.textContent).toBe('This network has no emergency lighting fittings.');
    expect(none.className).toContain('ant-typography-secondary');
    expect(screen.queryByTestId('network-emergency')).toBeNull();
    expect(screen.queryByTestId('network-emergency-overdue')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open emergency devices' })).toBeNull();
  });
});
