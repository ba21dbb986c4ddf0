import { type IssuedEquipment, summariseEquipment } from '@lightwell/domain';
import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session';
import { fakeApi, renderComponent, tableRows } from '../../../test/render-component';
import { EquipmentPrintPage } from '.';

const ISSUED = Date.parse('2026-03-23T00:30:20Z') / 1000;
const figures = summariseEquipment(
  {
    devices: [
      {
        id: 1,
        nid: 11,
        networkName: 'Hall',
        name: 'Lamp 1',
        kind: 'luminaire',
        model: 'LW-L1',
        manufacturer: 'Lightwell',
        firmwareVersion: '1.2',
        hardwareVersion: 'A',
        online: true,
        faulty: false,
        installedAt: ISSUED - 30 * 86_400,
      },
    ],
    fittings: [],
    planned: 0,
  },
  ISSUED,
);
const issued: IssuedEquipment = {
  project: { pid: 2, name: 'Demo' },
  generatedAt: ISSUED,
  networks: [{ nid: 11, name: 'Hall', timeZone: 'UTC', figures }],
  total: figures,
  issued: { cycle: 'weekly', periodKey: '2026-W12', version: 1, issuedAt: ISSUED },
};
const link = `${'a'.repeat(40)}.${'b'.repeat(43)}`;

const renderAt = (search: string) =>
  renderComponent(
    <MemoryRouter initialEntries={[`/report/networkEquipDataPDF${search}`]}>
      <Routes>
        <Route path="/report/networkEquipDataPDF" element={<EquipmentPrintPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('equipment statistics issued with a report (/report/networkEquipDataPDF?link=)', { timeout: 60_000 }, () => {
  it('prints the issued figures from the link alone, without a session, the header block or a live call', async () => {
    const api = fakeApi({ reportRunEquipment: issued });
    await renderAt(`?link=${link}`);
    await act(async () => useSession.getState().clear());
    const page = await screen.findByTestId('equipment-printout');
    expect(page.textContent).toContain('Network equipment report');
    expect(screen.getByTestId('equipment-print-scope').textContent).toBe('Project Demo: Hall');
    expect(screen.getByTestId('equipment-print-issued').textContent).toBe(
      'As issued with the report for 2026-W12, version 1, on 03/23/2026 00:30 UTC.',
    );
    expect(tableRows(screen.getByTestId('equipment-firmware')).map((row) => row.textContent)).toEqual(['LW-L11.21']);
    expect(api.bodiesOf('reportRunEquipment')).toEqual([{ link }]);
    expect(api.bodiesOf('equipmentStatistic')).toEqual([]);
    expect(api.bodiesOf('reportSetupAll')).toEqual([]);
    expect(screen.queryByTestId('print-company-title')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('says the link is invalid or expired when the server refuses it, and shows no figures', async () => {
    fakeApi({}, { reportRunEquipment: 1065 });
    await renderAt(`?link=${link}`);
    const refused = await screen.findByTestId('equipment-link-invalid');
    expect(refused.textContent).toContain('This equipment link is invalid or has expired');
    expect(refused.textContent).toContain('works 30 days');
    expect(screen.queryByTestId('equipment-printout')).toBeNull();
  });

  it.each(['?link=', '?link=abc', `?link=${link}x`])('refuses the malformed link %j without asking', async (search) => {
    const api = fakeApi({ reportRunEquipment: issued });
    await renderAt(search);
    expect(await screen.findByTestId('equipment-link-invalid')).toBeTruthy();
    expect(api.bodiesOf('reportRunEquipment')).toEqual([]);
    expect(screen.queryByTestId('equipment-printout')).toBeNull();
  });

  it('tells another failure as such', async () => {
    fakeApi({}, { reportRunEquipment: 1000 });
    await renderAt(`?link=${link}`);
    expect(
      await screen.findByText('The server is busy. Please try again later.', { selector: '.ant-result-title' }),
    ).toBeTruthy();
    expect(screen.queryByTestId('equipment-link-invalid')).toBeNull();
  });
});
