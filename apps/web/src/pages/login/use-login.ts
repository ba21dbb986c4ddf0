import { Code, codeToLanguage, isValidEmail, languageToCode } from '@lightwell/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useLoginMutation } from '../../api/user';
import { toast } from '../../app/feedback';
import { RETURN_TO_PARAM, safeReturnPath } from '../../app/return-to';
import { currentLanguage, i18n, setLanguage } from '../../i18n';
import { HOME_PATH } from '../../route-table';
import { useSession } from '../../stores/session';

/** Values of the login form. */
export interface LoginValues {
  email: string;
  password: string;
}

export type LoginField = keyof LoginValues;

/** The field a sign-in refusal concerns: 1017 the e-mail, 1018 the password (section 8). */
const FIELD_OF_CODE: Readonly<Record<number, LoginField>> = {
  [Code.unknownAccount]: 'email',
  [Code.wrongPassword]: 'password',
};

/** Translation key of what is wrong with a field's value (section 5), or undefined when it is fine. */
function problemOf(field: LoginField, value: string): string | undefined {
  if (field === 'email') {
    if (!value.trim()) return 'validation.email.required';
    if (!isValidEmail(value.trim())) return 'validation.email.format';
    return undefined;
  }
  return value ? undefined : 'validation.password.required';
}

/** The sign-in form's state: values, the message under each field, and what a change or submit does. */
export function useLoginForm(onValid: (values: LoginValues) => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  // A checked field is checked again as it is typed in (as antd's form does after its first check).
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) {
      const problem = problemOf(field, value);
      setErrors((current) => ({ ...current, [field]: problem && t(problem) }));
    }
  };

  const submit = () => {
    const found: Partial<Record<LoginField, string>> = {};
    for (const field of ['email', 'password'] as const) {
      const problem = problemOf(field, values[field]);
      found[field] = problem && t(problem);
    }
    setErrors(found);
    if (!found.email && !found.password) onValid(values);
  };

  /** Fills both fields (the demo login) and clears their messages. */
  const fill = (next: LoginValues) => {
    setValues(next);
    setErrors({});
  };

  /** Empties a field and shows `message` under it (a refusal of the server). */
  const refuse = (field: LoginField, message: string) => {
    setValues((current) => ({ ...current, [field]: '' }));
    setErrors((current) => ({ ...current, [field]: message }));
  };

  return { values, errors, change, submit, fill, refuse };
}

/**
 * Sign-in (section 4): on success the session is stored, the user's language applied and the app
 * goes to /first/index (or back to the page that sent the user here, see `returnTo`). 1017 clears the
 * e-mail field and 1018 the password field (section 8), and the message is shown under that field,
 * where it is read on a phone too (a toast covers the top of the page).
 */
export function useLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();

  const form = useLoginForm((values) => {
    const input = {
      email: values.email.trim(),
      password: values.password,
      language: languageToCode(currentLanguage()),
    };
    login.mutate(input, {
      onSuccess: async (result) => {
        useSession.getState().signIn(result);
        await setLanguage(codeToLanguage(result.language));
        // In the user's language, just switched to (the hook's `t` still speaks the old one).
        toast.success(i18n.t('account.login.success', { name: result.name }));
        void navigate(safeReturnPath(params.get(RETURN_TO_PARAM), HOME_PATH), { replace: true });
      },
      onError: (error) => {
        const field = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
        if (field) form.refuse(field, error.message);
      },
    });
  });

  return { form, pending: login.isPending };
}
