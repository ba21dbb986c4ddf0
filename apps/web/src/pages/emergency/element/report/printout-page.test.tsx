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
});
