import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon';

/**
 * The demo login, shown in demo mode only (issue 3, section 7), with a button that fills the form.
 * Plain markup drawn like antd's info Alert (the sign-in page loads no antd code).
 */
export function DemoCredentials({ email, password, onFill }: { email: string; password: string; onFill: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="lw-demo lw-notice" role="alert">
      <span className="lw-notice__icon">
        <PlainIcon name="InfoCircleFilled" />
      </span>
      <div>
        <div className="lw-notice__title">{t('account.login.demo.title')}</div>
        <div data-testid="demo-credentials">
          <div>
            {t('account.fields.email')}: <code className="lw-code">{email}</code>
          </div>
          <div>
            {t('account.fields.password')}: <code className="lw-code">{password}</code>
          </div>
          <button type="button" className="lw-link-button lw-demo__fill" onClick={onFill}>
            {t('account.login.demo.fill')}
          </button>
        </div>
      </div>
    </div>
  );
}
