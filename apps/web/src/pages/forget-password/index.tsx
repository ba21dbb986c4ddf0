import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeStepCard } from '../../components/code-step-card';
import { NewPasswordFields } from '../../components/new-password-fields';
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
      codeStep={reset}
      name="reset"
      submitLabel={t('account.reset.submit')}
      pending={reset.resetting}
      onSubmit={reset.handleReset}
    >
      <NewPasswordFields label={t('account.fields.newPassword')} />
    </CodeStepCard>
  );
}
