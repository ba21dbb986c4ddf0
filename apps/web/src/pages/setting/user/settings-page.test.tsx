import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session';
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

  it('shows the first day of the week and saves a change to it', async () => {
    const { token: _token, ...user } = testUser;
    const api = fakeApi({ updateSetting: { ...user, weekStart: 7 } });
    await renderApp('/setting/user', { signedIn: true });
    const field = await screen.findByTestId('week-start');
    expect(field.textContent).toContain('Monday');
    fireEvent.mouseDown(within(field).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Sunday'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useSession.getState().weekStart).toBe(7));
    expect(api.bodiesOf('updateSetting')[0]).toMatchObject({ weekStart: 7 });
    expect(localStorage.getItem('currentWeekStart')).toBe('7');
  });
});
