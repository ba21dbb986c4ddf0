import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeStepCard } from '../../components/code-step-card';
import { ResetForm } from './components/reset-form';
import { usePasswordReset } from './use-password-reset';

/** Password reset page (/forgetPassword): e-mail a code, then set a new password. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const reset = usePasswordReset();
  return (
    <CodeStepCard
      title={t('account.reset.title')}
      subtitle={t('account.reset.subtitle')}
      footer={<Link to="/login">{t('account.register.toLogin')}</Link>}
      stepTitles={[t('account.reset.steps.email'), t('account.reset.steps.password')]}
      step={reset.step}
      email={reset.email}
      sending={reset.sending}
      onSendCode={reset.handleSendCode}
    >
      <ResetForm
        email={reset.email}
        remaining={reset.remaining}
        sending={reset.sending}
        pending={reset.resetting}
        onResend={reset.handleResend}
        onBack={reset.handleBack}
        onSubmit={reset.handleReset}
      />
    </CodeStepCard>
  );
}
