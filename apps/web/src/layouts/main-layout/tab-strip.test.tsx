import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

const tabNames = () =>
  within(screen.getByTestId('tab-strip'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

/** Navigates and waits until the view's tab is shown (the lazy page has loaded). */
async function openView(router: Awaited<ReturnType<typeof renderApp>>['router'], path: string, title: string) {
  await act(() => router.navigate(path));
  await within(screen.getByTestId('tab-strip')).findByRole('tab', { name: title });
}

describe('tab strip of visited views (section 2)', () => {
  it('keeps at most four views, the pinned home first, dropping the oldest', async () => {
    const { router } = await renderApp('/first/index', { signedIn: true });
    await waitFor(() => expect(tabNames()).toEqual(['Home']));
    const views = [
      ['/setting/user', 'User settings'],
      ['/version/log', 'Release notes'],
      ['/userAgreement', 'User agreement'],
      ['/404', 'Page not found'],
    ];
    for (const [path, title] of views) await openView(router, path ?? '', title ?? '');
    expect(tabNames()).toEqual(['Home', 'Release notes', 'User agreement', 'Page not found']);
  });

  it('closes a view and shows its neighbour, but never closes home', async () => {
    const { router } = await renderApp('/first/index', { signedIn: true });
    await openView(router, '/setting/user', 'User settings');
    await openView(router, '/version/log', 'Release notes');
    expect(tabNames()).toEqual(['Home', 'User settings', 'Release notes']);

    const strip = screen.getByTestId('tab-strip');
    const homeTab = within(strip).getByRole('tab', { name: 'Home' }).closest('.ant-tabs-tab');
    expect(homeTab?.querySelector('.ant-tabs-tab-remove')).toBeNull();

    const active = within(strip).getByRole('tab', { name: 'Release notes' }).closest('.ant-tabs-tab');
    const close = active?.querySelector('.ant-tabs-tab-remove');
    expect(close).toBeTruthy();
    fireEvent.click(close as Element);
    await waitFor(() => expect(tabNames()).toEqual(['Home', 'User settings']));
    expect(router.state.location.pathname).toBe('/setting/user');
  });

  it('switches view when a tab is chosen', async () => {
    const { router } = await renderApp('/first/index', { signedIn: true });
    await openView(router, '/setting/user', 'User settings');
    fireEvent.click(within(screen.getByTestId('tab-strip')).getByRole('tab', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/first/index'));
  });
});
