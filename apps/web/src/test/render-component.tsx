import { type CallName, calls } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { testUser } from './render-app';
import { renderedClients } from './rendered-clients';

/**
 * Renders one component in the app's providers, signed in as {@link testUser} in English. `seed` puts
 * the answers the component would fetch into the query cache first, so no request leaves the test.
 */
export async function renderComponent(
  ui: ReactElement,
  { seed, user = {} }: { seed?: (queryClient: QueryClient) => void; user?: Partial<typeof testUser> } = {},
) {
  await i18n.changeLanguage('en');
  useSession.getState().signIn({ ...testUser, ...user });
  const queryClient = createQueryClient();
  renderedClients.add(queryClient);
  seed?.(queryClient);
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  });
  /** Renders the component again with other props, in the same providers and cache. */
  const rerender = (next: ReactElement) =>
    act(async () => {
      view?.rerender(<AppProviders queryClient={queryClient}>{next}</AppProviders>);
    });
  return { queryClient, rerender };
}

/**
 * Stubs fetch with a server that answers the app config and the given calls with `{ code: 0, data }`,
 * and the `refused` calls with their result code; any other call fails as if the network were down.
 * Answers the bodies each call was sent.
 */
export function fakeApi(
  answers: Partial<Record<CallName, unknown>> = {},
  refused: Partial<Record<CallName, number>> = {},
) {
  const sent: { name: CallName | undefined; body: Record<string, unknown> }[] = [];
  const byPath = new Map(Object.entries(calls).map(([name, def]) => [def.path, name as CallName]));
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    if (path === calls.appConfig.path) {
      return Response.json({ code: 0, data: { appVersion: '1', apiVersion: '1', signingKey: 'k', demo: false } });
    }
    const name = byPath.get(path);
    sent.push({ name, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    if (name && name in answers) return Response.json({ code: 0, data: answers[name] ?? null });
    if (name && refused[name] !== undefined) return Response.json({ code: refused[name], data: null });
    throw new TypeError('no network in unit tests');
  });
  return { bodiesOf: (name: CallName) => sent.filter((request) => request.name === name).map((r) => r.body) };
}

/** The data rows an antd table shows (on its current page), within `container`. */
export function tableRows(container: ParentNode = document): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('tr.ant-table-row')];
}

/**
 * Wraps every English unit and join text (`common.units.*`, `common.format.*`) in ⟦ ⟧ until the returned
 * function runs, so a test can tell a text made through the catalogue from one written in the code.
 */
export function markCatalogueFormats(): () => void {
  const original = structuredClone(i18n.getResourceBundle('en', 'common') as Record<string, Record<string, string>>);
  const marked = structuredClone(original);
  for (const group of ['units', 'format']) {
    for (const [key, text] of Object.entries(original[group] ?? {})) marked[group]![key] = `⟦${text}⟧`;
  }
  i18n.addResourceBundle('en', 'common', marked, true, true);
  return () => i18n.addResourceBundle('en', 'common', original, true, true);
}
