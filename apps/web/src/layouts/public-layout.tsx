import { Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { FadeOutlet } from '../components/fade-outlet';
import { LanguageDropdown } from '../components/language-dropdown';
import { useLanguageSwitch } from '../hooks/use-language-switch';
import { useLanguage } from '../i18n/use-language';

/** Frame of the public pages (sign-in, registration, agreement, 404): brand, language choice, footer links. */
export function PublicLayout() {
  const { t } = useTranslation();
  const switchLanguage = useLanguageSwitch();
  const language = useLanguage();
  return (
    <Layout className="lw-public">
      <header className="lw-public__header">
        <Link to="/login" aria-label={t('pages.login')}>
          <Brand />
        </Link>
        <LanguageDropdown current={language} onChange={switchLanguage} />
      </header>
      <main className="lw-public__main">
        <FadeOutlet />
      </main>
      <footer className="lw-public__footer">
        <Space separator="·" wrap>
          <Link to="/userAgreement">{t('pages.userAgreement')}</Link>
          <Link to="/version/log">{t('pages.versionLog')}</Link>
          <span>{t('common.footer.copyright', { year: new Date().getFullYear() })}</span>
        </Space>
      </footer>
    </Layout>
  );
}
