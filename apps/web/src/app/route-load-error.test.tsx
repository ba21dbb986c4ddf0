import { Limits } from '@lightwell/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { pageReload } from '../components/route-error';
import { i18n } from '../i18n';
import type { AppRoute } from '../route-table';
import type { PageLoader } from '../routes';
import { renderedClients } from '../test/rendered-clients';
import { AppProviders } from './providers';
import { buildRouteObjects } from './router';

/** A public page in the sign-in frame whose code comes from `load`. */
const route: AppRoute = {
  path: '/lazy/page',
  titleKey: 'pages.versionLog',
  layout: 'public',
  public: true,
  built: true,
};

async function renderPage(load: PageLoader) {
  await i18n.changeLanguage('en');
  // The frame and antd's theme are already loaded, as after any earlier page: only the page's code waits.
  await Promise.all([import('../layouts/public-layout'), import('./antd-theme')]);
  const queryClient = createQueryClient();
  renderedClients.add(queryClient);
  const router = createMemoryRouter(buildRouteObjects([route], { [route.path]: load }), {
    initialEntries: [route.path],
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('a page whose code does not load (section 9: chunk load timeout 120000 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows a load error with a reload action after 120 s instead of an endless spinner', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderPage(() => new Promise(() => undefined));

    await act(() => vi.advanceTimersByTimeAsync(Limits.chunkLoadTimeoutMs - 1));
    expect(document.querySelector('.lw-page-loading')).not.toBeNull();
    expect(screen.queryByTestId('route-error')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    // (No waitFor while setTimeout is faked: Testing Library waits on it.)
    const error = screen.getByTestId('route-error');
    expect(within(error).getByRole('heading').textContent).toBe('This page could not be loaded');
    expect(error.textContent).toContain('did not arrive within 2 minutes');
    expect(document.querySelector('.lw-page-loading')).toBeNull();
    // The frame stays: only the page's place says what went wrong.
    expect(error.closest('.lw-public')).not.toBeNull();
    vi.useRealTimers();

    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    fireEvent.click(within(error).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says so at once when the code cannot be fetched (a release removed the old chunk)', async () => {
    await renderPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/index-0ld.js')),
    );
    const error = await screen.findByTestId('route-error');
    expect(error.textContent).toContain('could not be fetched');
    expect(within(error).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('speaks the user language', async () => {
    await renderPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await screen.findByTestId('route-error');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
  });
});
