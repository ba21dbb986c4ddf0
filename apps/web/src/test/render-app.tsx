import { INITIAL_MENU_STATE, type LoginResult, type ProjectSummary } from '@lightwell/domain';
import { render, waitFor } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { appConfigKeys } from '../api/app-config';
import { projectKeys } from '../api/project';
import { createQueryClient } from '../api/query-client';
import { userKeys } from '../api/user';
import { AppProviders } from '../app/providers';
import { buildRouteObjects } from '../app/router';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { HOME_TAB, useUi } from '../stores/ui';
import { renderedClients } from './rendered-clients';

/** The signed-in user of component tests. */
export const testUser: LoginResult = {
  token: 'test-token',
  uid: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  timeFormat: 0,
  weekStart: 1,
  pageNumber: 10,
  language: 0,
};

/** Projects the signed-in user of component tests has. */
const testProjects: ProjectSummary[] = [
  {
    id: 1,
    name: 'Head office',
    remarks: 'Floors 1-3',
    isDefault: true,
    updatedAt: Date.UTC(2026, 0, 5, 9, 30) / 1000,
    ownerName: 'Ada Lovelace',
    isCreator: true,
    canAddNetwork: true,
  },
  {
    id: 2,
    name: 'Warehouse',
    remarks: '',
    isDefault: false,
    updatedAt: Date.UTC(2026, 1, 1, 12, 0) / 1000,
    ownerName: 'Anna Berg',
    isCreator: false,
    canAddNetwork: false,
  },
];

/**
 * Renders the whole app (real route table, layouts and providers) in a memory router at `path`.
 * Answers the app would have fetched are put in the query cache, so no request leaves the test.
 * Resolves once the router has loaded the first route's code.
 */
export async function renderApp(path: string, { signedIn = false } = {}) {
  await i18n.changeLanguage('en');
  useSession.getState().clear();
  if (signedIn) useSession.getState().signIn(testUser);
  useUi.setState({ tabs: [HOME_TAB], menu: INITIAL_MENU_STATE });

  const queryClient = createQueryClient();
  renderedClients.add(queryClient);
  queryClient.setQueryData(appConfigKeys.all, {
    appVersion: '1.0.0',
    apiVersion: '1.1.0',
    signingKey: 'k',
    demo: false,
  });
  queryClient.setQueryData(projectKeys.list(testUser.uid), testProjects);
  const { token: _token, ...user } = testUser;
  queryClient.setQueryData(userKeys.info(testUser.uid), user);

  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  await act(async () => {
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  // Frames and pages are lazy routes: the first screen is there once the router has their code.
  await waitFor(() => {
    const idle = router.state.initialized && router.state.navigation.state === 'idle';
    if (!idle || document.querySelector('.lw-page-loading')) throw new Error('route still loading');
  });
  return { router, queryClient };
}
