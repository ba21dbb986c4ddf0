import { summariseEquipment } from '@lightwell/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session';
import { fakeApi, queryOf, renderComponent, tableRows } from '../../../test/render-component';
import { EquipmentPrintPage } from '.';

const NOW = Date.parse('2026-03-10T09:00:00Z') / 1000;
const figures = summariseEquipment(
  {
    devices: [
      {
        id: 1,
        nid: 11,
        networkName: '二楼 走廊',
        name: 'Lamp 1',
        kind: 'luminaire',
        model: 'LW-L1',
        manufacturer: 'Lightwell',
        firmwareVersion: '',
        hardwareVersion: 'A',
        online: true,
        faulty: false,
        installedAt: NOW - 30 * 86_400,
      },
    ],
    fittings: [],
    planned: 0,
  },
  NOW,
);
const statistics = {
  project: { pid: 2, name: 'Demo' },
  generatedAt: NOW,
  networks: [{ nid: 11, name: '二楼 走廊', timeZone: 'Asia/Shanghai', figures }],
  total: figures,
};
const setup = {
  pid: 2,
  projectName: 'Demo',
  companyTitle: 'Bright Safety Ltd',
  signatoryName: 'Grace Hopper',
  signatoryRole: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
  logo: null,
  wideLogo: null,
  updatedAt: NOW,
  canEdit: false,
};

function Login() {
  return <div data-testid="login">{useLocation().search}</div>;
}

const renderAt = (search: string) =>
  renderComponent(
    <MemoryRouter initialEntries={[`/report/networkEquipDataPDF${search}`]}>
      <Routes>
        <Route path="/report/networkEquipDataPDF" element={<EquipmentPrintPage />} />
        <Route path="/login" element={<Login />} />
      </Routes>
    </MemoryRouter>,
  );

describe('network equipment printout', { timeout: 60_000 }, () => {
  it('prints the statistics of the project and networks in the query under the header block', async () => {
    const api = fakeApi({ equipmentStatistic: statistics, reportSetupAll: setup });
    await renderAt('?pid=2&nids=11');
    const page = await screen.findByTestId('equipment-printout');
    expect(await screen.findByTestId('print-company-title')).toBeTruthy();
    expect(screen.getByTestId('print-company-title').textContent).toBe('Bright Safety Ltd');
    expect(page.textContent).toContain('Network equipment report');
    expect(screen.getByTestId('equipment-print-scope').textContent).toBe('Project Demo: 二楼 走廊');
    expect(queryOf(api.bodiesOf('equipmentStatistic')[0], ['pid', 'nids'])).toEqual({ pid: 2, nids: [11] });
    expect(queryOf(api.bodiesOf('reportSetupAll')[0], ['pid'])).toEqual({ pid: 2 });
    // Every row printed: no pages, the version not reported named as such, no emergency section without fittings.
    expect(tableRows(screen.getByTestId('equipment-firmware')).map((row) => row.textContent)).toEqual([
      'LW-L1Not reported1',
    ]);
    expect(page.querySelector('.ant-pagination')).toBeNull();
    expect(screen.queryByTestId('section-battery')).toBeNull();
  });

  it('prints the current project’s networks without a query', async () => {
    const api = fakeApi({ equipmentStatistic: statistics, reportSetupAll: setup });
    useSession.getState().setProject(2, 'Demo');
    await renderAt('');
    expect(await screen.findByTestId('equipment-printout')).toBeTruthy();
    expect(queryOf(api.bodiesOf('equipmentStatistic')[0], ['pid', 'nids'])).toEqual({ pid: 2 });
  });

  it.each(['', '?pid=abc', '?pid=0', '?pid=2&nids=11,11', '?pid=2&nids=11,x'])(
    'says what is wrong with the query %j',
    async (search) => {
      const api = fakeApi({});
      await renderAt(search);
      expect(await screen.findByText('This printout needs a project.')).toBeTruthy();
      expect(api.bodiesOf('equipmentStatistic')).toEqual([]);
    },
  );

  it('asks a visitor without a session to sign in, and comes back here after', async () => {
    fakeApi({});
    await renderAt('?pid=2');
    await act(async () => useSession.getState().clear());
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('login')).textContent).toBe(
      `?returnTo=${encodeURIComponent('/report/networkEquipDataPDF?pid=2')}`,
    );
  });
});
