import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_LABELS, type Language } from '@lightwell/domain';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The menu (antd Dropdown and Menu) is fetched on first use: the sign-in page shows only the button.
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
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('common.language.label')}
      aria-haspopup="menu"
      aria-expanded={open}
      data-testid="language-dropdown"
      className={light ? 'lw-header-button lw-header-button--light' : 'lw-header-button'}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
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
      {LANGUAGE_LABELS[current]}
    </Button>
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
