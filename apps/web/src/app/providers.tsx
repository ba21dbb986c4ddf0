import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient as appQueryClient } from '../api/query-client';
import { antdLocaleOf, i18n } from '../i18n';
import { useLanguage } from '../i18n/use-language';
import { bindMessageApi } from './feedback';

/** Theme of section 9: primary red; the sidebar is dark. */
export const appTheme: ThemeConfig = {
  token: { colorPrimary: '#cf1322', colorLink: '#cf1322', borderRadius: 6 },
  components: { Layout: { siderBg: '#001529', headerBg: '#ffffff', headerPadding: '0 16px' } },
};

function MessageBinding() {
  const { message } = App.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(undefined);
  }, [message]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    // antd's own texts (pagination, empty states, pickers) come with the language's catalogues.
    <ConfigProvider locale={antdLocaleOf(language)} theme={appTheme}>
      <App>
        <MessageBinding />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** Every provider the app needs: i18n, TanStack Query, antd theme and locale, antd App (toasts). */
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
        <ThemedApp>{children}</ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
