import { Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { EmailStepForm } from '../../components/email-step-form';
import { useFormRules } from '../../hooks/use-form-rules';
import { DetailsForm } from './components/details-form';
import { useRegister } from './use-register';

/** Registration page (/addCount): e-mail and code first, then name and password. */
export function RegisterPage() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const register = useRegister();

  return (
    <AuthCard
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      footer={
        <Typography.Text type="secondary">
          {t('account.register.haveAccount')} <Link to="/login">{t('account.register.toLogin')}</Link>
        </Typography.Text>
      }
    >
      <Steps
        className="lw-steps"
        size="small"
        current={register.step}
        items={[{ title: t('account.register.steps.email') }, { title: t('account.register.steps.details') }]}
      />
      {register.step === 0 ? (
        <EmailStepForm
          rules={rules.email}
          initialEmail={register.email}
          pending={register.sending}
          onSubmit={register.handleSendCode}
        />
      ) : (
        <DetailsForm
          email={register.email}
          remaining={register.remaining}
          sending={register.sending}
          pending={register.registering}
          onResend={register.handleResend}
          onBack={register.handleBack}
          onSubmit={register.handleRegister}
        />
      )}
    </AuthCard>
  );
}
