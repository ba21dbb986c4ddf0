import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { EmailStepForm } from '../../components/email-step-form';
import { useFormRules } from '../../hooks/use-form-rules';
import { ResetForm } from './components/reset-form';
import { usePasswordReset } from './use-password-reset';

/** Password reset page (/forgetPassword): e-mail a code, then set a new password. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const reset = usePasswordReset();

  return (
    <AuthCard
      title={t('account.reset.title')}
      subtitle={t('account.reset.subtitle')}
      footer={<Link to="/login">{t('account.register.toLogin')}</Link>}
    >
      <Steps
        className="lw-steps"
        size="small"
        current={reset.step}
        items={[{ title: t('account.reset.steps.email') }, { title: t('account.reset.steps.password') }]}
      />
      {reset.step === 0 ? (
        <EmailStepForm
          rules={rules.email}
          initialEmail={reset.email}
          pending={reset.sending}
          onSubmit={reset.handleSendCode}
        />
      ) : (
        <ResetForm
          email={reset.email}
          remaining={reset.remaining}
          sending={reset.sending}
          pending={reset.resetting}
          onResend={reset.handleResend}
          onBack={reset.handleBack}
          onSubmit={reset.handleReset}
        />
      )}
    </AuthCard>
  );
}
