import { LANGUAGE_LABELS, LANGUAGES, type Language } from '@lightwell/domain';
import { Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { AntdTheme } from '../app/antd-theme';

/**
 * The language menu around its button, in antd's theme (the public header has none of its own);
 * loaded when the button is first used (see LanguageDropdown).
 */
export function LanguageMenu({
  current,
  onChange,
  open,
  onOpenChange,
  children,
}: {
  current: Language;
  onChange: (language: Language) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const order: Language[] = ['en', 'de', 'es', 'zh'];
  return (
    <AntdTheme>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={onOpenChange}
        menu={{
          items: order
            .filter((language) => LANGUAGES.includes(language))
            .map((language) => ({
              key: language,
              label: <span lang={language}>{LANGUAGE_LABELS[language]}</span>,
              disabled: language === current,
            })),
          selectedKeys: [current],
          onClick: ({ key }) => {
            onOpenChange(false);
            onChange(key as Language);
          },
        }}
      >
        {children}
      </Dropdown>
    </AntdTheme>
  );
}
