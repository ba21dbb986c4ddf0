import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { FadeOutlet } from '../components/fade-outlet';
import { LanguageDropdown } from '../components/language-dropdown';
import { useLanguageSwitch } from '../hooks/use-language-switch';
import { useLanguage } from '../i18n/use-language';

/**
 * Frame of the public pages (sign-in, registration, agreement, 404): brand, language choice, footer
 * links. Plain markup: the sign-in page loads no antd code; the pages that use antd bring its theme.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const switchLanguage = useLanguageSwitch();
  const language = useLanguage();
  const footer = [
    <Link key="agreement" to="/userAgreement">
      {t('pages.userAgreement')}
    </Link>,
    <Link key="versions" to="/version/log">
      {t('pages.versionLog')}
    </Link>,
    <span key="copyright">{t('common.footer.copyright', { year: new Date().getFullYear() })}</span>,
  ];
  return (
    <div className="lw-public">
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
        <div className="lw-public__links">
          {footer.map((item, index) => (
            <Fragment key={item.key}>
              {index > 0 && <span aria-hidden="true">·</span>}
              {item}
            </Fragment>
          ))}
        </div>
      </footer>
    </div>
  );
}
