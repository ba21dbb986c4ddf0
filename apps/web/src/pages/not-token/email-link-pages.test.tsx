import { Code } from '@lightwell/domain';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildFault, buildRecord } from '../../test/emergency';
import { fakeApi, renderComponent } from '../../test/render-component';
import { SelfTestAndFaultLinkPage } from './email-report';
import { EmergencyFaultLinkPage } from './emergency-fault';

const network = { nid: 9, name: 'Demo office', projectName: 'Demo', timeZone: 'Europe/Berlin' };
const LINK = 'signed-link-0123456789';

const renderAt = (page: 'fault' | 'report', search: string) =>
  renderComponent(
    <MemoryRouter initialEntries={[`/x${search}`]}>
      {page === 'fault' ? <EmergencyFaultLinkPage /> : <SelfTestAndFaultLinkPage />}
    </MemoryRouter>,
  );

describe('emergency e-mail link pages', { timeout: 60_000 }, () => {
  it('shows the fault of a valid link with its cause and advice, and sends the link', async () => {
    const api = fakeApi({ emergencyPublicFault: { network, fault: buildFault() } });
    await renderAt('fault', `?link=${LINK}`);
    expect((await screen.findByTestId('fault-summary')).textContent).toContain('Exit sign 1');
    expect(screen.getByTestId('fault-advice').textContent).toContain('The battery did not last the rated duration.');
    expect(api.bodiesOf('emergencyPublicFault')[0]).toMatchObject({ link: LINK });
  });

  it('says an expired or invalid link is so, and what to do', async () => {
    fakeApi({}, { emergencyPublicFault: Code.linkInvalid });
    await renderAt('fault', `?link=${LINK}`);
    expect((await screen.findByTestId('emergency-link-invalid')).textContent).toContain(
      'This link is invalid or has expired',
    );
    expect(screen.getByTestId('emergency-link-invalid').textContent).toContain('Open the latest e-mail');
  });

  it('says a missing link is not valid without calling the server', async () => {
    const api = fakeApi({});
    await renderAt('report', '');
    expect((await screen.findByTestId('emergency-link-invalid')).textContent).toContain('This link is not valid');
    expect(api.bodiesOf('emergencyPublicReport')).toHaveLength(0);
  });

  it('shows the tests and faults of a report link', async () => {
    fakeApi({
      emergencyPublicReport: {
        network,
        from: 0,
        to: 86_400,
        tests: [buildRecord({ grade: 'missed', fittingName: 'Exit sign 7' })],
        faults: [buildFault()],
      },
    });
    await renderAt('report', `?link=${LINK}`);
    const report = await screen.findByTestId('emergency-link-report');
    expect(report.textContent).toContain('Exit sign 7');
    expect(report.textContent).toContain('Missed');
    expect(report.textContent).toContain('The battery did not last the rated duration.');
  });
});
