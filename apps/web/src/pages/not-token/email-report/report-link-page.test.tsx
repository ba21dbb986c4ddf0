import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildFault, buildRecord } from '../../../test/emergency';
import { fakeApi, renderComponent } from '../../../test/render-component';
import { SelfTestAndFaultLinkPage } from '.';

const network = { nid: 9, name: 'Demo office', projectName: 'Demo', timeZone: 'Europe/Berlin' };
const LINK = 'signed-link-0123456789';

const renderAt = (search: string) =>
  renderComponent(
    <MemoryRouter initialEntries={[`/x${search}`]}>
      <SelfTestAndFaultLinkPage />
    </MemoryRouter>,
  );

describe('self-test and fault report link page', { timeout: 60_000 }, () => {
  it('says a missing link is not valid without calling the server', async () => {
    const api = fakeApi({});
    await renderAt('');
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
    await renderAt(`?link=${LINK}`);
    const report = await screen.findByTestId('emergency-link-report');
    expect(report.textContent).toContain('Exit sign 7');
    expect(report.textContent).toContain('Missed');
    expect(report.textContent).toContain('The battery did not last the rated duration.');
  });
});
