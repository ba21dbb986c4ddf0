import { type CallName, calls } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { testUser } from './render-app';
import { renderedClients } from './rendered-clients';

/**
 * Renders one component in the app's providers, signed in as {@link testUser} in English, with the current
 * project and network `user.pid` and `user.nid` when given. `seed` puts the answers the component would
 * fetch into the query cache first, so no request leaves the test.
 */
export async function renderComponent(
  ui: ReactElement,
  {
    seed,
    user = {},
  }: {
    seed?: (queryClient: QueryClient) => void;
    user?: Partial<typeof testUser> & { pid?: number; nid?: number };
  } = {},
) {
  await i18n.changeLanguage('en');
  const { pid, nid, ...account } = user;
  useSession.getState().signIn({ ...testUser, ...account });
  if (pid !== undefined) useSession.getState().setProject(pid);
  if (nid !== undefined) useSession.getState().setNetwork(nid);
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

/**
 * A fake server for a paged list call `name`: it holds `total` items and answers each request with the
 * page and page size it asked for, the items made by `item(number, body)` (1 the newest); the answer is
 * read when the request arrives, after its body is kept.
 */
export function pagedListApi<T>(
  name: CallName,
  total: number,
  item: (number: number, body: Record<string, unknown>) => T,
) {
  const api = fakeApi({
    get [name]() {
      const body = api.bodiesOf(name).at(-1) as Record<string, unknown> & { page: number; pageSize: number };
      const first = (body.page - 1) * body.pageSize;
      const count = Math.max(0, Math.min(body.pageSize, total - first));
      const list = Array.from({ length: count }, (_, index) => item(first + index + 1, body));
      return { list, total, page: body.page, pageSize: body.pageSize };
    },
  });
  return api;
}

/** The fields `keys` of a request body, without the envelope every call carries (token, signature, …). */
export const queryOf = (body: Record<string, unknown> | undefined, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(body ?? {}).filter(([key]) => keys.includes(key)));

/** Opens the antd select with test id `testId` and picks the option `label` in its (open) dropdown. */
export async function chooseOption(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].flatMap(
      (dropdown) => [...dropdown.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${label}"]`)],
    );
    expect(found).toHaveLength(1);
    return found[0] as HTMLElement;
  });
  fireEvent.click(option);
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
