import type { Recipient, ReportSetup } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projectKeys } from '../../../api/project';
import { reportSetupKeys } from '../../../api/report-setup';
import { testUser } from '../../../test/render-app';
import { fakeApi, renderComponent, tableRows } from '../../../test/render-component';
import { HeaderSettingsPage } from '.';

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC';

const setup = (canEdit: boolean): ReportSetup => ({
  pid: 4,
  projectName: 'Klinikum Süd',
  companyTitle: '光明照明 GmbH',
  signatoryName: 'Ana Núñez',
  signatoryRole: 'Safety officer',
  contactName: '',
  contactPhone: '+49 30 123',
  contactEmail: '',
  address: '',
  logo: { fileName: 'logo-1.png', mime: 'image/png', width: 216, height: 162, data: PNG_1x1 },
  wideLogo: null,
  updatedAt: 1_780_000_000,
  canEdit,
});

const recipients: Recipient[] = [
  {
    id: 1,
    email: 'li@example.com',
    language: 'zh',
    kinds: ['emergencyFault'],
    status: 'active',
    activatedAt: 1_780_000_000,
    linkExpiresAt: null,
  },
  {
    id: 2,
    email: 'old@example.com',
    language: 'de',
    kinds: ['selfTestReport'],
    status: 'expired',
    activatedAt: null,
    linkExpiresAt: 1_770_000_000,
  },
];

async function renderPage(canEdit: boolean) {
  return renderComponent(<HeaderSettingsPage />, {
    seed: (client) => {
      client.setQueryData(projectKeys.list(testUser.uid), [
        { id: 4, name: 'Klinikum Süd', remarks: '', isDefault: true, ownerName: 'Ana', isCreator: canEdit },
      ]);
      client.setQueryData(reportSetupKeys.setup(testUser.uid, 4), setup(canEdit));
      if (canEdit) client.setQueryData(reportSetupKeys.recipients(testUser.uid, 4), recipients);
    },
  });
}

describe('header settings page', { timeout: 60_000 }, () => {
  it('saves the header fields of the chosen project and shows the logo scaled into its box', async () => {
    const api = fakeApi({ reportSetupUpdate: { ...setup(true), companyTitle: 'Lichtwerk' } });
    await renderPage(true);
    const title = screen.getByTestId('header-companyTitle') as HTMLInputElement;
    expect(title.value).toBe('光明照明 GmbH');
    const logo = within(screen.getByTestId('logo-logo')).getByRole('img') as HTMLImageElement;
    expect(logo.src).toContain(`data:image/png;base64,${PNG_1x1}`);
    expect(logo.style.objectFit).toBe('contain');
    expect(within(screen.getByTestId('logo-wideLogo')).getByText('No logo')).toBeTruthy();

    fireEvent.change(title, { target: { value: 'Lichtwerk' } });
    fireEvent.click(screen.getByTestId('header-save'));
    await waitFor(() => expect(api.bodiesOf('reportSetupUpdate')).toHaveLength(1));
    expect(api.bodiesOf('reportSetupUpdate')[0]).toMatchObject({
      pid: 4,
      companyTitle: 'Lichtwerk',
      signatoryName: 'Ana Núñez',
      contactPhone: '+49 30 123',
      contactEmail: '',
    });
  });

  it('refuses a bad contact e-mail in the form without calling', async () => {
    const api = fakeApi({ reportSetupUpdate: setup(true) });
    await renderPage(true);
    fireEvent.change(screen.getByTestId('header-contactEmail'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('header-save'));
    expect(await screen.findByText(/e-mail/i, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(api.bodiesOf('reportSetupUpdate')).toHaveLength(0);
  });

  it('lists recipients with their state and adds one to the whole list', async () => {
    const api = fakeApi({ recipientUpdate: recipients });
    await renderPage(true);
    const rows = tableRows(screen.getByTestId('recipient-table'));
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('recipient-status').textContent).toBe('Active');
    expect(within(rows[1]!).getByTestId('recipient-status').textContent).toBe('Link expired');
    expect(within(rows[1]!).getByText('Send link again')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Send link again')).toBeNull();

    fireEvent.change(screen.getByTestId('recipient-email'), { target: { value: 'Neu@Example.com' } });
    fireEvent.click(screen.getByTestId('recipient-add-submit'));
    await waitFor(() => expect(api.bodiesOf('recipientUpdate')).toHaveLength(1));
    expect(api.bodiesOf('recipientUpdate')[0]).toMatchObject({
      pid: 4,
      recipients: [
        { email: 'li@example.com', language: 'zh', kinds: ['emergencyFault'] },
        { email: 'old@example.com', language: 'de', kinds: ['selfTestReport'] },
        { email: 'neu@example.com', language: 'en', kinds: ['emergencyFault'] },
      ],
    });
  });

  it('shows a sub-user the header read-only, without recipients or logo buttons', async () => {
    fakeApi();
    await renderPage(false);
    expect((screen.getByTestId('header-companyTitle') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('header-save')).toBeNull();
    expect(screen.queryByTestId('recipient-card')).toBeNull();
    expect(within(screen.getByTestId('logo-logo')).queryByText('Choose image')).toBeNull();
  });
});
