import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The demo login, shown in demo mode only (issue 3, section 7), with a button that fills the form. */
export function DemoCredentials({ email, password, onFill }: { email: string; password: string; onFill: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="lw-demo"
      type="info"
      showIcon
      title={t('account.login.demo.title')}
      description={
        <div data-testid="demo-credentials">
          <div>
            {t('account.fields.email')}: <code className="lw-code">{email}</code>
          </div>
          <div>
            {t('account.fields.password')}: <code className="lw-code">{password}</code>
          </div>
          <Button size="small" type="link" className="lw-demo__fill" onClick={onFill}>
            {t('account.login.demo.fill')}
          </Button>
        </div>
      }
    />
  );
}
