import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testUser } from '../../../test/render-app';
import { fakeApi } from '../../../test/render-component';

describe('user settings', { timeout: 60_000 }, () => {
  it('confirms a language change in the new language', async () => {
    const { token: _token, ...user } = testUser;
    // The account is saved in German (code 2): the interface switches, and so does the toast.
    fakeApi({ updateSetting: { ...user, language: 2 } });
    await renderApp('/setting/user', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Einstellungen gespeichert')).toBeTruthy();
    expect(screen.queryByText('Settings saved')).toBeNull();
  });
});
