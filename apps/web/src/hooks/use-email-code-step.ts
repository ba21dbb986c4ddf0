import { type LanguageCode, languageToCode } from '@lightwell/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/feedback';
import { currentLanguage } from '../i18n';
import { useCountdown } from './use-countdown';

/** Payload of a code-sending call: the address and the language of the e-mail. */
type CodeRequest = { email: string; language: LanguageCode };

/**
 * First step of the e-mailed-code flows (registration, password reset): sends a code in the current
 * language, remembers the address, starts the resend countdown and moves to step 1.
 */
export function useEmailCodeStep<V extends Partial<CodeRequest>>(
  sendCode: UseMutationResult<{ resendAfter: number }, Error, V>,
  onError?: (error: Error) => void,
) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const countdown = useCountdown();

  const handleSendCode = (address: string) => {
    sendCode.mutate({ email: address, language: languageToCode(currentLanguage()) } satisfies CodeRequest as V, {
      onSuccess: ({ resendAfter }) => {
        setEmail(address);
        countdown.start(resendAfter);
        setStep(1);
        toast.success(t('account.code.sent', { email: address }));
      },
      onError,
    });
  };

  return {
    step,
    email,
    remaining: countdown.remaining,
    sending: sendCode.isPending,
    handleSendCode,
    handleResend: () => handleSendCode(email),
    handleBack: () => setStep(0),
  };
}
