import { Limits } from '@lightwell/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(within(strip).queryByRole('button', { name: 'Close Home' })).toBeNull();

    fireEvent.click(within(strip).getByRole('button', { name: 'Close Release notes' }));
    await waitFor(() => expect(tabNames()).toEqual(['Home', 'User settings']));
    expect(router.state.location.pathname).toBe('/setting/user');
  });

  it('switches view when a tab is chosen', async () => {
    const { router } = await renderApp('/first/index', { signedIn: true });
    await openView(router, '/setting/user', 'User settings');
    fireEvent.click(within(screen.getByTestId('tab-strip')).getByRole('tab', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/first/index'));
  });

  it('moves the focus along the tabs with the arrow, Home and End keys', async () => {
    const { router } = await renderApp('/first/index', { signedIn: true });
    await openView(router, '/setting/user', 'User settings');
    const tab = (name: string) => within(screen.getByTestId('tab-strip')).getByRole('tab', { name });
    expect(tab('User settings').tabIndex).toBe(0);
    expect(tab('Home').tabIndex).toBe(-1);
    tab('User settings').focus();
    fireEvent.keyDown(tab('User settings'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Home'));
    fireEvent.keyDown(tab('Home'), { key: 'End' });
    expect(document.activeElement).toBe(tab('User settings'));
    fireEvent.keyDown(tab('User settings'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Home'));
  });

  describe('on a strip too narrow for its tabs', () => {
    const TAB_WIDTH = 120;
    const STRIP_WIDTH = 300;
    const measures = ['offsetLeft', 'offsetWidth', 'clientWidth', 'scrollWidth'] as const;
    const saved = measures.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);

    /**
     * The layout jsdom does not compute: tabs 120 px wide side by side after the list's inline padding
     * (the tab scroll padding), in a list 300 px wide.
     */
    function layOut() {
      const isTab = (element: HTMLElement) => element.classList.contains('lw-tab');
      const isList = (element: HTMLElement) => element.classList.contains('lw-tab-strip__list');
      const place = (element: HTMLElement) => [...(element.parentElement?.children ?? [])].indexOf(element);
      Object.defineProperties(HTMLElement.prototype, {
        offsetLeft: {
          configurable: true,
          get(this: HTMLElement) {
            return isTab(this) ? Limits.tabScrollPaddingPx + place(this) * TAB_WIDTH : 0;
          },
        },
        offsetWidth: {
          configurable: true,
          get(this: HTMLElement) {
            return isTab(this) ? TAB_WIDTH : 0;
          },
        },
        clientWidth: {
          configurable: true,
          get(this: HTMLElement) {
            return isList(this) ? STRIP_WIDTH : 0;
          },
        },
        scrollWidth: {
          configurable: true,
          get(this: HTMLElement) {
            return isList(this) ? 2 * Limits.tabScrollPaddingPx + this.children.length * TAB_WIDTH : 0;
          },
        },
      });
    }

    afterEach(() => {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
        else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
      }
    });

    it('scrolls the open view into view with 4 px between its tab and the edge (section 9)', async () => {
      layOut();
      const { router } = await renderApp('/first/index', { signedIn: true });
      // Views of the console's own frame: a public page read in the console comes in another frame.
      await openView(router, '/setting/user', 'User settings');
      await openView(router, '/project/index', 'Projects');
      const list = screen.getByRole('tablist');
      const box = (title: string) =>
        within(list).getByRole('tab', { name: title }).closest<HTMLElement>('.lw-tab') as HTMLElement;
      const spaceBefore = (title: string) => box(title).offsetLeft - list.scrollLeft;
      const spaceAfter = (title: string) =>
        list.scrollLeft + list.clientWidth - (box(title).offsetLeft + box(title).offsetWidth);
      const choose = (title: string) => fireEvent.click(within(list).getByRole('tab', { name: title }));

      // The third tab ends past the right edge: the strip scrolls just far enough, and 4 px more.
      await waitFor(() => expect(spaceAfter('Projects')).toBe(Limits.tabScrollPaddingPx));
      await openView(router, '/setting/price', 'Electricity price');
      await waitFor(() => expect(spaceAfter('Electricity price')).toBe(Limits.tabScrollPaddingPx));

      // Back to the left: the tab keeps 4 px on its left.
      choose('User settings');
      await waitFor(() => expect(router.state.location.pathname).toBe('/setting/user'));
      await waitFor(() => expect(spaceBefore('User settings')).toBe(Limits.tabScrollPaddingPx));

      // A tab already in view with its padding leaves the strip where it is.
      const scrolled = list.scrollLeft;
      choose('Projects');
      await waitFor(() => expect(router.state.location.pathname).toBe('/project/index'));
      expect(list.scrollLeft).toBe(scrolled);

      choose('Home');
      await waitFor(() => expect(list.scrollLeft).toBe(0));
      expect(spaceBefore('Home')).toBe(Limits.tabScrollPaddingPx);
    });
  });
});
