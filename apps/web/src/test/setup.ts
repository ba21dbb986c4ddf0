import { LANGUAGES } from '@lightwell/domain';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, i18nReady } from '../i18n';
import { DEFERRED_NAMESPACES } from '../i18n/namespaces';
import { useSession } from '../stores/session';
import { renderedClients } from './rendered-clients';

// Tell React that updates are wrapped in act() by the tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks the layout APIs antd reads. The stand-ins describe a 1920 px wide window (width queries
// answer for it, so tables show their row actions as buttons) with no element size.
Object.defineProperty(window, 'innerWidth', { value: 1920, writable: true, configurable: true });
const widthMatches = (query: string) =>
  [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, side, px]) =>
    side === 'min' ? window.innerWidth >= Number(px) : window.innerWidth <= Number(px),
  ) && /width/.test(query);
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

/** The language the app starts in; each test file begins in it (files share their worker: apps/web/vitest.config.ts). */
let startLanguage: string | undefined;

beforeAll(async () => {
  // The app fetches a language when it is first shown; tests switch freely, so all four are there first.
  await i18nReady;
  startLanguage ??= i18n.language;
  await i18n.loadNamespaces([...DEFERRED_NAMESPACES]);
  await i18n.loadLanguages([...LANGUAGES]);
});

beforeEach(() => {
  // No server in unit tests: any request fails as if the network were down.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('no network in unit tests')));
});

afterEach(async () => {
  cleanup();
  // Nothing of a finished test may run after its file's jsdom is gone: stop its queries (retries,
  // refetches) and let React flush the work the unmount scheduled.
  for (const client of renderedClients) client.clear();
  renderedClients.clear();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
  localStorage.clear();
  // The session store lives in memory across the files of a worker: a network or project one test chose
  // must not become the next test's current one (a page would load that network instead of its seed).
  useSession.setState({ pid: null, pName: '', nid: null, nName: '' });
  // A test that switched the language leaves the next one (of this file or the next) the start language.
  if (startLanguage && i18n.language !== startLanguage) await i18n.changeLanguage(startLanguage);
});

// Lazy pages load within the default 1 s on an idle machine but not always on a busy 2-core CI run (with
// the server and browser tiers beside it, a lazy page's first import was seen to take over 10 s):
// findBy*/waitFor wait up to 30 s (they return as soon as the condition holds).
configure({ asyncUtilTimeout: 30_000 });
