import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message, type ThemeConfig } from 'antd';
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

/**
 * Toasts in the app's theme and locale. Only the message API is set up, not antd's App (which also
 * brings modal and notification code to every page); a page that confirms uses Modal.useModal.
 */
function MessageBinding() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindMessageApi(api);
    return () => bindMessageApi(undefined);
  }, [api]);
  return holder;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    // antd's own texts (pagination, empty states, pickers) come with the language's catalogues.
    <ConfigProvider locale={antdLocaleOf(language)} theme={appTheme}>
      <MessageBinding />
      <div className="lw-app">{children}</div>
    </ConfigProvider>
  );
}

/** Every provider the app needs: i18n, TanStack Query, antd theme and locale, toasts. */
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
