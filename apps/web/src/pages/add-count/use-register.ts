import { Code, languageToCode } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { useRegisterCodeMutation, useRegisterMutation } from '../../api/user';
import { toast } from '../../app/feedback';
import { useEmailCodeStep } from '../../hooks/use-email-code-step';
import { currentLanguage } from '../../i18n';

/** Values of the second registration step. */
export interface RegisterDetails {
  code: string;
  name: string;
  password: string;
  confirm: string;
}

/**
 * Stepwise registration (sections 3 and 4): step 0 sends a code to the e-mail address, step 1 creates
 * the account. Success, 1016 (name taken) and 1051 (already registered) go to /login.
 */
export function useRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toLoginOn = (error: Error) => {
    if (isApiError(error, Code.nameTaken) || isApiError(error, Code.alreadyRegistered)) {
      void navigate('/login', { replace: true });
    }
  };
  const codeStep = useEmailCodeStep(useRegisterCodeMutation(), toLoginOn);
  const register = useRegisterMutation();

  const handleRegister = (values: RegisterDetails) => {
    const input = {
      email: codeStep.email,
      code: values.code,
      name: values.name.trim(),
      password: values.password,
      language: languageToCode(currentLanguage()),
      // The browser's locale gives the new account its date format and first day of the week.
      ...(typeof navigator !== 'undefined' && navigator.language ? { locale: navigator.language } : {}),
    };
    register.mutate(input, {
      onSuccess: () => {
        toast.saved(t('account.register.success'));
        void navigate('/login', { replace: true });
      },
      onError: toLoginOn,
    });
  };

  return { ...codeStep, registering: register.isPending, handleRegister };
}
