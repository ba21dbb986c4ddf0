import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useSyncExternalStore } from 'react';
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

/** The same theme without antd's transitions (fades, slides, wave), for a person who asked for less motion. */
const motionlessTheme: ThemeConfig = { ...appTheme, token: { ...appTheme.token, motion: false } };

const reducedMotion = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(reducedMotion);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the system asks for reduced motion (WCAG 2.3.3), followed live as the setting changes. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(reducedMotion).matches,
    () => false,
  );
}

/** antd stamps this answer's nonce on the <style> elements it inserts, as the page's policy asks. */
const csp = { nonce: readCspNonce() };

/** Buttons keep their text as written: no space inserted between two Chinese characters ("删除", not "删 除"). */
export const buttonConfig = { autoInsertSpace: false } as const;

/**
 * antd's theme, locale and policy nonce around the parts of the app built with antd: the console
 * frame, the public pages that use antd components, the toasts and the language menu. It loads with
 * the first of them; the sign-in page, built without antd, never loads it. A system set to reduce motion
 * gets antd without its transitions, as the app's own animations already do (global.css).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const theme = usePrefersReducedMotion() ? motionlessTheme : appTheme;
  return (
    // antd's own texts (pagination, empty states, pickers) come with the language's catalogues.
    <ConfigProvider locale={antdLocaleOf(language)} theme={theme} csp={csp} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
