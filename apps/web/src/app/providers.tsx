import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient as appQueryClient } from '../api/query-client';
import { i18n } from '../i18n';
import { onToastsWanted, toastsWanted } from './feedback';

const MessageHolder = lazy(async () => ({ default: (await import('./message-holder')).MessageHolder }));

/** Mounts antd's message API (in the app's theme) once the first toast is asked for. */
function ToastHost() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, toastsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MessageHolder />
    </Suspense>
  );
}

/**
 * Every provider the app needs on every page: i18n, TanStack Query and the toasts. antd's theme
 * (`AntdTheme`) wraps only the parts built with antd, so the sign-in page does without it.
 */
export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <div className="lw-app">{children}</div>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
