import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePasswordCodeMutation, usePasswordResetMutation } from '../../api/user';
import { toast } from '../../app/feedback';
import { useEmailCodeStep } from '../../hooks/use-email-code-step';

/** Values of the second reset step. */
export interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

/** Stepwise password reset (section 4): e-mail a code, then set the new password and go to /login. */
export function usePasswordReset() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const codeStep = useEmailCodeStep(usePasswordCodeMutation());
  const reset = usePasswordResetMutation();

  const handleReset = (values: ResetValues) => {
    reset.mutate(
      { email: codeStep.email, code: values.code, password: values.password },
      {
        onSuccess: () => {
          toast.saved(t('account.reset.success'));
          void navigate('/login', { replace: true });
        },
      },
    );
  };

  return { ...codeStep, resetting: reset.isPending, handleReset };
}
