import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

import { appConfigQuery } from './api/app-config';
import { queryClient } from './api/query-client';
import { readCspNonce, stampStyleNonce } from './app/csp-nonce';
import { AppProviders } from './app/providers';
import { buildRouteObjects } from './app/router';
import { i18nReady } from './i18n';
import './styles/global.css';

stampStyleNonce(readCspNonce());

// Section 7: the public configuration (signing key, demo login) is read once at start.
void queryClient.prefetchQuery(appConfigQuery);

const router = createBrowserRouter(buildRouteObjects());

// The first paint waits for the start language's texts (one small chunk), never shows raw keys.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
