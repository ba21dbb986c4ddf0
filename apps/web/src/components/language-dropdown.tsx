import { LANGUAGE_LABELS, type Language } from '@lightwell/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from './plain-icon';

// The menu (antd Dropdown and Menu, in antd's theme) is fetched on first use: until then the header
// shows a plain button, so the sign-in page loads no antd code for it.
const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(async () => ({ default: (await loadMenu()).LanguageMenu }));

/** Language dropdown of the header (section 2): English, Deutsch, Español, 中文; the current one disabled. */
export function LanguageDropdown({
  current,
  onChange,
  light = false,
}: {
  current: Language;
  onChange: (language: Language) => void;
  light?: boolean;
}) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  // The button is mounted anew inside the menu once that has come; it keeps the focus it had.
  const [hadFocus, setHadFocus] = useState(false);
  const button = (
    <button
      type="button"
      aria-label={t('common.language.label')}
      aria-haspopup="menu"
      aria-expanded={open}
      data-testid="language-dropdown"
      className={light ? 'lw-header-button lw-text-button lw-header-button--light' : 'lw-header-button lw-text-button'}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      // biome-ignore lint/a11y/noAutofocus: the button replaces itself once the menu has come and keeps the focus it had
      autoFocus={used && hadFocus}
      onClick={
        used
          ? undefined
          : (event) => {
              setHadFocus(document.activeElement === event.currentTarget);
              setUsed(true);
              setOpen(true);
            }
      }
    >
      <PlainIcon name="GlobalOutlined" />
      <span>{LANGUAGE_LABELS[current]}</span>
    </button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu current={current} onChange={onChange} open={open} onOpenChange={setOpen}>
        {button}
      </LanguageMenu>
    </Suspense>
  );
}
