import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../stores/session';
import { renderApp } from '../../test/render-app';
import { fakeApi } from '../../test/render-component';
import { buildScreenSnapshot } from '../../test/screen-data';

const snapshot = buildScreenSnapshot({
  network: { id: 9, name: 'Demo office', timeZone: 'Europe/London', category: 'office' },
});

describe('console header: lobby dashboard (section 2)', { timeout: 60_000 }, () => {
  it("opens the current network's dashboard in a new window, leaving the console where it is", async () => {
    const { router } = await renderApp('/first/index', { signedIn: true });
    expect(screen.queryByTestId('header-dashboard')).toBeNull();
    await act(async () => useSession.getState().setNetwork(9, 'Demo office'));
    const link = await screen.findByTestId('header-dashboard');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const href = new URL(link.getAttribute('href') ?? '', window.location.origin);
    expect(`${href.pathname}${href.search}`).toBe('/screen/index?id=9');
    expect(link.getAttribute('aria-label')).toBe('Lobby dashboard of Demo office (opens in a new window)');
    expect(router.state.location.pathname).toBe('/first/index');
  });

  it('shows the dashboard when its address is opened directly, without the console frame', async () => {
    fakeApi({ screenView: snapshot });
    const { router } = await renderApp('/screen/index?id=9', { signedIn: true });
    expect((await screen.findByTestId('screen-network')).textContent).toBe('Demo office');
    expect(router.state.location.pathname).toBe('/screen/index');
    expect(screen.queryByTestId('sidebar-toggle')).toBeNull();
  });
});
