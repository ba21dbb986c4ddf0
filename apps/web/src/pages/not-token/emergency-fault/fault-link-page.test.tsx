import { Code } from '@lightwell/domain';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildFault } from '../../../test/emergency';
import { fakeApi, renderComponent } from '../../../test/render-component';
import { EmergencyFaultLinkPage } from '.';

const network = { nid: 9, name: 'Demo office', projectName: 'Demo', timeZone: 'Europe/Berlin' };
const LINK = 'signed-link-0123456789';

const renderAt = (search: string) =>
  renderComponent(
    <MemoryRouter initialEntries={[`/x${search}`]}>
      <EmergencyFaultLinkPage />
    </MemoryRouter>,
  );

describe('fault e-mail link page', { timeout: 60_000 }, () => {
  it('shows the fault of a valid link with its cause and advice, and sends the link', async () => {
    const api = fakeApi({ emergencyPublicFault: { network, fault: buildFault() } });
    await renderAt(`?link=${LINK}`);
    expect((await screen.findByTestId('fault-summary')).textContent).toContain('Exit sign 1');
    expect(screen.getByTestId('fault-advice').textContent).toContain('The battery did not last the rated duration.');
    expect(api.bodiesOf('emergencyPublicFault')[0]).toMatchObject({ link: LINK });
  });

  it('says an expired or invalid link is so, and what to do', async () => {
    fakeApi({}, { emergencyPublicFault: Code.linkInvalid });
    await renderAt(`?link=${LINK}`);
    expect((await screen.findByTestId('emergency-link-invalid')).textContent).toContain(
      'This link is invalid or has expired',
    );
    expect(screen.getByTestId('emergency-link-invalid').textContent).toContain('Open the latest e-mail');
  });
});
