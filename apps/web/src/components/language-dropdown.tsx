import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '@lightwell/domain';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

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
  const order: Language[] = ['en', 'de', 'es', 'zh'];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: order
          .filter((language) => LANGUAGES.includes(language))
          .map((language) => ({
            key: language,
            label: <span lang={language}>{LANGUAGE_LABELS[language]}</span>,
            disabled: language === current,
          })),
        selectedKeys: [current],
        onClick: ({ key }) => onChange(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('common.language.label')}
        data-testid="language-dropdown"
        className={light ? 'lw-header-button lw-header-button--light' : 'lw-header-button'}
      >
        {LANGUAGE_LABELS[current]}
      </Button>
    </Dropdown>
  );
}
