import type { RecipientPreferences } from '@lightwell/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseOption, fakeApi, renderComponent } from '../../../test/render-component';
import { EmailRegisterPage } from '.';

const link = `${'a'.repeat(40)}.${'b'.repeat(43)}`;
const preferences: RecipientPreferences = {
  email: 'li@example.com',
  projectName: 'Klinikum Süd',
  language: 'en',
  kinds: ['energyReport'],
  csv: false,
  linkKind: 'energyReport',
  state: 'active',
};

function renderPage(query = `?link=${link}`) {
  return renderComponent(
    <MemoryRouter initialEntries={[`/email/register${query}`]}>
      <EmailRegisterPage />
    </MemoryRouter>,
  );
}

describe('e-mail registration page (/email/register)', { timeout: 60_000 }, () => {
  it('lets a recipient confirm, choose language, kinds and the CSV, and save', async () => {
    const api = fakeApi({ recipientLinkInfo: preferences, recipientLinkSave: { ...preferences, language: 'de' } });
    await renderPage();
    expect((await screen.findByTestId('register-form')).textContent).toContain(
      'li@example.com receives e-mails about the project Klinikum Süd.',
    );
    await chooseOption('register-language', 'Deutsch');
    fireEvent.click(screen.getByLabelText('Self-test reports'));
    fireEvent.click(screen.getByTestId('register-csv'));
    fireEvent.click(screen.getByTestId('register-save'));
    await waitFor(() => expect(api.bodiesOf('recipientLinkSave')).toHaveLength(1));
    expect(api.bodiesOf('recipientLinkSave')[0]).toMatchObject({
      link,
      language: 'de',
      kinds: ['selfTestReport', 'energyReport'],
      csv: true,
    });
  });

  it('stops the e-mails of the link’s kind, or all after a confirmation', async () => {
    const api = fakeApi({ recipientLinkInfo: preferences, recipientLinkUnsubscribe: { ...preferences, kinds: [] } });
    await renderPage();
    fireEvent.click(await screen.findByTestId('register-stop-kind'));
    await waitFor(() => expect(api.bodiesOf('recipientLinkUnsubscribe')).toHaveLength(1));
    expect(api.bodiesOf('recipientLinkUnsubscribe')[0]).toMatchObject({ link, all: false });
    fireEvent.click(screen.getByTestId('register-stop-all'));
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm-buttons .ant-btn-primary');
      expect(button).toBeTruthy();
      return button!;
    });
    fireEvent.click(ok);
    await waitFor(() => expect(api.bodiesOf('recipientLinkUnsubscribe')).toHaveLength(2));
    expect(api.bodiesOf('recipientLinkUnsubscribe')[1]).toMatchObject({ link, all: true });
  });

  it('says so when the recipient left, and when the link is missing, invalid or expired', async () => {
    fakeApi({ recipientLinkInfo: { ...preferences, kinds: [], state: 'removed' } });
    await renderPage();
    expect((await screen.findByTestId('register-removed')).textContent).toContain(
      'li@example.com is not among the recipients of the project Klinikum Süd.',
    );
  });

  it.each([
    ['', 'no link'],
    [`?link=${link}`, 'refused'],
  ])('shows an invalid link (%s)', async (query) => {
    fakeApi({}, { recipientLinkInfo: 1065 });
    await renderPage(query);
    expect((await screen.findByTestId('register-invalid')).textContent).toContain(
      'This link is invalid or has expired',
    );
  });
});
