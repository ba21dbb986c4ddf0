import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeStepCard } from '../../components/code-step-card';
import { DetailsFields } from './components/details-fields';
import { useRegister } from './use-register';

/** Registration page (/addCount): e-mail and code first, then name and password. */
export function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();
  return (
    <CodeStepCard
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      footer={
        <Typography.Text type="secondary">
          {t('account.register.haveAccount')} <Link to="/login">{t('account.register.toLogin')}</Link>
        </Typography.Text>
      }
      stepTitles={[t('account.register.steps.email'), t('account.register.steps.details')]}
      codeStep={register}
      name="register"
      submitLabel={t('account.register.submit')}
      pending={register.registering}
      onSubmit={register.handleRegister}
    >
      <DetailsFields />
    </CodeStepCard>
  );
}
