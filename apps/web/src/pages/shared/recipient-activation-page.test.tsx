import type { ActivationResult } from '@lightwell/domain';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderComponent } from '../../test/render-component';
import { RecipientActivationPage } from './recipient-activation-page';

describe('recipient activation page', { timeout: 60_000 }, () => {
  const link = 'b'.repeat(43);
  it.each([
    ['successful', 'Activation successful', 'li@example.com now receives the e-mails of the project “Süd”.'],
    ['expired', 'Activation link expired', 'This link for li@example.com has expired.'],
    ['failed', 'Activation failed', 'This link is not valid'],
  ] as const)('says %s', async (state, title, text) => {
    const answer: ActivationResult =
      state === 'failed'
        ? { state, email: null, projectName: null }
        : { state, email: 'li@example.com', projectName: 'Süd' };
    fakeApi({ recipientActivate: answer });
    await renderComponent(
      <MemoryRouter initialEntries={[`/shared/projectSettingEmail/active?link=${link}`]}>
        <RecipientActivationPage />
      </MemoryRouter>,
    );
    const result = await screen.findByTestId('activation-result');
    await waitFor(() => expect(result.textContent).toContain(title));
    expect(result.textContent).toContain(text);
  });
});
