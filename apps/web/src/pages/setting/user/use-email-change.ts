import { Code } from '@lightwell/domain';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import { useEmailCodeMutation, useEmailUpdateMutation, usePasswordCheckMutation } from '../../../api/user';
import { toast } from '../../../app/feedback';
import { useCountdown } from '../../../hooks/use-countdown';
import { useSession } from '../../../stores/session';

/** Values of all three steps of the e-mail change. */
export interface EmailChangeValues {
  password: string;
  email: string;
  emailConfirm: string;
  code: string;
}

/**
 * E-mail change in three steps (issue 3): check the current password, e-mail a code to the new
 * address entered twice, then confirm it with the code.
 */
export function useEmailChange(onDone: () => void) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailChangeValues>();
  const [step, setStep] = useState(0);
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const countdown = useCountdown();
  const check = usePasswordCheckMutation();
  const sendCode = useEmailCodeMutation();
  const update = useEmailUpdateMutation();

  const handleCheck = (value: string) => {
    check.mutate(
      { password: value },
      {
        onSuccess: () => {
          setPassword(value);
          setStep(1);
        },
        onError: (error) => {
          if (isApiError(error, Code.checkFailed)) {
            form.setFields([{ name: 'password', value: '', errors: [t('validation.password.wrong')] }]);
          }
        },
      },
    );
  };

  const handleSendCode = (address: string, confirm: string) => {
    sendCode.mutate(
      { email: address, emailConfirm: confirm, password },
      {
        onSuccess: ({ resendAfter }) => {
          setEmail(address);
          countdown.start(resendAfter);
          setStep(2);
          toast.success(t('account.code.sent', { email: address }));
        },
      },
    );
  };

  const handleConfirm = (code: string) => {
    update.mutate(
      { email, code },
      {
        onSuccess: (user) => {
          useSession.getState().updateUser(user);
          toast.saved(t('settings.account.emailChanged'));
          onDone();
        },
      },
    );
  };

  const handleSubmit = (values: EmailChangeValues) => {
    if (step === 0) handleCheck(values.password);
    else if (step === 1) handleSendCode(values.email.trim(), values.emailConfirm.trim());
    else handleConfirm(values.code);
  };

  return {
    form,
    step,
    email,
    remaining: countdown.remaining,
    sending: sendCode.isPending,
    pending: check.isPending || sendCode.isPending || update.isPending,
    handleSubmit,
    handleResend: () => handleSendCode(email, email),
  };
}
