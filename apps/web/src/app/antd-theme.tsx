import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { antdLocaleOf } from '../i18n';
import { useLanguage } from '../i18n/use-language';
import { readCspNonce } from './csp-nonce';

/** Focus of a text field, select or picker: blue, so a field being typed in never looks like one in error (red). */
const focusRing = {
  hoverBorderColor: '#4096ff',
  activeBorderColor: '#1677ff',
  activeShadow: '0 0 0 2px rgba(22, 119, 255, 0.15)',
} as const;

/**
 * Theme of section 9: primary red; the sidebar is dark. The primary red is also antd's focus colour
 * and sits close to the error red, so fields get their own blue focus ring; danger buttons and links
 * (delete) take a deep red that reads as strong next to the red links, not as a faded, disabled one.
 */
export const appTheme: ThemeConfig = {
  token: { colorPrimary: '#cf1322', colorLink: '#cf1322', borderRadius: 6 },
  components: {
    Layout: { siderBg: '#001529', headerBg: '#ffffff', headerPadding: '0 16px' },
    Button: { colorError: '#a8071a', colorErrorHover: '#cf1322', colorErrorActive: '#820014' },
    Input: focusRing,
    InputNumber: focusRing,
    DatePicker: focusRing,
    Select: { ...focusRing, activeOutlineColor: 'rgba(22, 119, 255, 0.15)' },
  },
};

/** antd stamps this answer's nonce on the <style> elements it inserts, as the page's policy asks. */
const csp = { nonce: readCspNonce() };

/** Buttons keep their text as written: no space inserted between two Chinese characters ("删除", not "删 除"). */
export const buttonConfig = { autoInsertSpace: false } as const;

/**
 * antd's theme, locale and policy nonce around the parts of the app built with antd: the console
 * frame, the public pages that use antd components, the toasts and the language menu. It loads with
 * the first of them; the sign-in page, built without antd, never loads it.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    // antd's own texts (pagination, empty states, pickers) come with the language's catalogues.
    <ConfigProvider locale={antdLocaleOf(language)} theme={appTheme} csp={csp} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
