import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfigQuery } from '../../api/app-config';
import { AuthCard } from '../../components/auth-card';
import { DemoCredentials } from './components/demo-credentials';
import { LoginForm } from './components/login-form';
import { useLogin } from './use-login';

/** Sign-in page (/login), built without antd components (see routes.tsx `pagesWithoutAntd`). */
export function LoginPage() {
  const { t } = useTranslation();
  const { form, pending } = useLogin();
  const config = useAppConfigQuery().data;
  const demo = config?.demo && config.demoEmail && config.demoPassword ? config : undefined;

  return (
    <AuthCard
      title={t('account.login.title')}
      subtitle={t('account.login.subtitle')}
      footer={
        <>
          <Link to="/forgetPassword">{t('account.login.forgot')}</Link>
          <span className="lw-text-secondary">
            {t('account.login.noAccount')} <Link to="/addCount">{t('account.login.register')}</Link>
          </span>
        </>
      }
    >
      {demo && (
        <DemoCredentials
          email={demo.demoEmail ?? ''}
          password={demo.demoPassword ?? ''}
          onFill={() => form.fill({ email: demo.demoEmail ?? '', password: demo.demoPassword ?? '' })}
        />
      )}
      <LoginForm form={form} pending={pending} />
    </AuthCard>
  );
}
