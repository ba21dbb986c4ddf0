import { Code, codeToLanguage, languageToCode } from '@lightwell/domain';
import { Form } from 'antd';
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

/** The field a sign-in refusal concerns: 1017 the e-mail, 1018 the password (section 8). */
const FIELD_OF_CODE: Readonly<Record<number, keyof LoginValues>> = {
  [Code.unknownAccount]: 'email',
  [Code.wrongPassword]: 'password',
};

/**
 * Sign-in (section 4): on success the session is stored, the user's language applied and the app
 * goes to /first/index (or back to the page that sent the user here, see `returnTo`). 1017 clears the
 * e-mail field and 1018 the password field (section 8), and the message is shown under that field,
 * where it is read on a phone too (a toast covers the top of the page).
 */
export function useLogin() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();

  const handleSubmit = (values: LoginValues) => {
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
        if (field) form.setFields([{ name: field, value: '', errors: [error.message] }]);
      },
    });
  };

  return { form, handleSubmit, pending: login.isPending };
}
