import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

async function expectPath(router: Awaited<ReturnType<typeof renderApp>>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guard (section 2)', () => {
  it('sends / to /login', async () => {
    const { router } = await renderApp('/');
    await expectPath(router, '/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends a protected path without a token to /login', async () => {
    const { router } = await renderApp('/setting/user');
    await expectPath(router, '/login');
  });

  it('sends an unknown path to /404', async () => {
    const { router } = await renderApp('/no/such/page');
    await expectPath(router, '/404');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('opens public routes without a token', async () => {
    const { router } = await renderApp('/version/log');
    expect(await screen.findByRole('heading', { name: 'Release notes' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/version/log');
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('opens a protected route with a token inside the console frame', async () => {
    const { router } = await renderApp('/setting/user', { signedIn: true });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setting/user');
  });

  it('titles the document after the page', async () => {
    await renderApp('/forgetPassword');
    await waitFor(() => expect(document.title).toBe('Reset password - Lightwell'));
  });
});
