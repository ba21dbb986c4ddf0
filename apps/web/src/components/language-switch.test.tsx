import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

async function chooseLanguage(label: string) {
  fireEvent.click(screen.getByTestId('language-dropdown'));
  fireEvent.click(await screen.findByText(label));
}

describe('language dropdown (section 2)', () => {
  it('switches the visible text and the document title, and remembers the choice', async () => {
    await renderApp('/version/log');
    expect(await screen.findByRole('heading', { name: 'Release notes' })).toBeTruthy();

    await chooseLanguage('Deutsch');
    expect(await screen.findByRole('heading', { name: 'Versionshinweise' })).toBeTruthy();
    // The confirmation speaks the language just chosen.
    expect(await screen.findByText('Sprache geändert')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Versionshinweise - Lightwell'));
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');

    await chooseLanguage('中文');
    expect(await screen.findByRole('heading', { name: '版本说明' })).toBeTruthy();
  });

  it('disables the current language', async () => {
    await renderApp('/login');
    fireEvent.click(screen.getByTestId('language-dropdown'));
    const current = await screen.findByRole('menuitem', { name: 'English' });
    expect(current.getAttribute('aria-disabled')).toBe('true');
  });

  it('translates the console menu for a signed-in user', async () => {
    await renderApp('/first/index', { signedIn: true });
    expect(await screen.findByRole('menuitem', { name: /Home/ })).toBeTruthy();
    await chooseLanguage('Español');
    expect(await screen.findByRole('menuitem', { name: /Inicio/ })).toBeTruthy();
    expect(await screen.findByText('Bienvenido, Ada Lovelace')).toBeTruthy();
  });
});
