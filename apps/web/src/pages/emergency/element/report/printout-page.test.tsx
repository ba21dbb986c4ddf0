import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AT, buildElement, buildFault, buildRecord, NID, seedNetwork } from '../../../../test/emergency';
import { fakeApi, renderComponent } from '../../../../test/render-component';
import { EmergencyFaultReportPage, EmergencyReportPage } from '.';

const printout = {
  network: { nid: NID, name: 'Demo office', projectName: 'Demo', timeZone: 'Europe/Berlin' },
  from: AT - 86_400,
  to: AT + 86_400,
  generatedAt: AT,
  elements: [buildElement()],
  tests: [buildRecord({ grade: 'stopped', stoppedBy: { uid: 7, name: 'Ada Lovelace' }, stoppedAt: AT })],
  faults: [buildFault()],
  schedule: [],
};

/** The project's header settings (/setting/header) with a logo and some fields left empty. */
const setup = {
  pid: 2,
  projectName: 'Demo',
  companyTitle: 'Bright Safety Ltd',
  signatoryName: 'Grace Hopper',
  signatoryRole: 'Responsible person',
  contactName: '',
  contactPhone: '+44 20 7946 0000',
  contactEmail: 'safety@example.com',
  address: '1 Lamp Street, London',
  logo: { fileName: 'logo.png', mime: 'image/png', width: 1, height: 1, data: 'iVBORw0KGgo=' },
  wideLogo: null,
  updatedAt: AT,
  canEdit: false,
};

const renderAt = (search: string, part: 'all' | 'fault' = 'all') =>
  renderComponent(
    <MemoryRouter initialEntries={[`/emergency/element/report${search}`]}>
      {part === 'all' ? <EmergencyReportPage /> : <EmergencyFaultReportPage />}
    </MemoryRouter>,
    { seed: (client) => seedNetwork(client, false) },
  );

describe('emergency printouts', { timeout: 60_000 }, () => {
  it('prints the record of the period in the query, with who stopped a test', async () => {
    const api = fakeApi({ emergencyReport: printout });
    await renderAt(`?nid=${NID}&from=100&to=200`);
    const page = await screen.findByTestId('emergency-printout');
    expect(page.textContent).toContain('Emergency lighting record');
    expect(page.textContent).toContain('Project Demo, network Demo office');
    expect(page.textContent).toContain('Stopped manually');
    expect(page.textContent).toContain('by Ada Lovelace');
    expect(api.bodiesOf('emergencyReport')[0]).toMatchObject({ nid: NID, from: 100, to: 200, part: 'all' });
  });

  it('prints the current network’s last twelve months without a query, faults with their workflow', async () => {
    const api = fakeApi({ emergencyReport: printout });
    await renderAt('', 'fault');
    expect((await screen.findByTestId('emergency-printout')).textContent).toContain('Emergency fault report');
    expect(screen.getByTestId('fault-summary').textContent).toContain('To be confirmed');
    const sent = api.bodiesOf('emergencyReport')[0] as { nid: number; from: number; to: number; part: string };
    expect(sent).toMatchObject({ nid: NID, part: 'fault' });
    expect(sent.to - sent.from).toBeGreaterThan(360 * 86_400);
  });

  it('says what is wrong with a period that ends before it starts', async () => {
    fakeApi({});
    await renderAt(`?nid=${NID}&from=200&to=100`);
    expect(await screen.findByText('This printout needs a network and a period.')).toBeTruthy();
  });

  it('leads with the project’s header block: company title, logo, signatory and contact', async () => {
    const api = fakeApi({ emergencyReport: printout, reportSetupAll: setup });
    await renderAt(`?nid=${NID}&from=100&to=200`);
    const block = await screen.findByTestId('print-company');
    expect(screen.getByTestId('print-company-title').textContent).toBe('Bright Safety Ltd');
    expect(block.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByTestId('print-company-signatoryName').textContent).toBe('SignatoryGrace Hopper');
    expect(screen.getByTestId('print-company-signatoryRole').textContent).toContain('Responsible person');
    expect(screen.getByTestId('print-company-contactPhone').textContent).toContain('+44 20 7946 0000');
    expect(screen.getByTestId('print-company-contactEmail').textContent).toContain('safety@example.com');
    expect(screen.getByTestId('print-company-address').textContent).toContain('1 Lamp Street, London');
    // An empty field is left out, not printed as a bare label.
    expect(screen.queryByTestId('print-company-contactName')).toBeNull();
    // The header of the project that holds the printed network.
    expect(api.bodiesOf('reportSetupAll')[0]).toMatchObject({ pid: 2 });
  });

  it('prints the project’s name as the company title while none is set', async () => {
    fakeApi({ emergencyReport: printout, reportSetupAll: { ...setup, companyTitle: '', logo: null } });
    await renderAt(`?nid=${NID}&from=100&to=200`);
    expect((await screen.findByTestId('print-company-title')).textContent).toBe('Demo');
    expect(screen.getByTestId('print-company').querySelector('img')).toBeNull();
  });
});
