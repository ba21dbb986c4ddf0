import { languageToCode } from '@lightwell/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePasswordCodeMutation, usePasswordResetMutation } from '../../api/user';
import { toast } from '../../app/feedback';
import { useCountdown } from '../../hooks/use-countdown';
import { currentLanguage } from '../../i18n';

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
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const countdown = useCountdown();
  const sendCode = usePasswordCodeMutation();
  const reset = usePasswordResetMutation();

  const handleSendCode = (address: string) => {
    sendCode.mutate(
      { email: address, language: languageToCode(currentLanguage()) },
      {
        onSuccess: ({ resendAfter }) => {
          setEmail(address);
          countdown.start(resendAfter);
          setStep(1);
          toast.success(t('account.code.sent', { email: address }));
        },
      },
    );
  };

  const handleReset = (values: ResetValues) => {
    reset.mutate(
      { email, code: values.code, password: values.password },
      {
        onSuccess: () => {
          toast.saved(t('account.reset.success'));
          void navigate('/login', { replace: true });
        },
      },
    );
  };

  return {
    step,
    email,
    remaining: countdown.remaining,
    sending: sendCode.isPending,
    resetting: reset.isPending,
    handleSendCode,
    handleResend: () => handleSendCode(email),
    handleBack: () => setStep(0),
    handleReset,
  };
}
