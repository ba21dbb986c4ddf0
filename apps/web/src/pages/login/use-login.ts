import { Code, codeToLanguage, languageToCode } from '@lightwell/domain';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useLoginMutation } from '../../api/user';
import { toast } from '../../app/feedback';
import { currentLanguage, setLanguage } from '../../i18n';
import { HOME_PATH } from '../../route-table';
import { useSession } from '../../stores/session';
import { RETURN_TO_PARAM, safeReturnPath } from '../shared/return-to';

/** Values of the login form. */
export interface LoginValues {
  email: string;
  password: string;
}

/**
 * Sign-in (section 4): on success the session is stored, the user's language applied and the app
 * goes to /first/index (or back to the page that sent the user here, see `returnTo`); 1017 clears the e-mail field and 1018 the password field (section 8).
 */
export function useLogin() {
  const { t } = useTranslation();
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
        toast.success(t('account.login.success', { name: result.name }));
        void navigate(safeReturnPath(params.get(RETURN_TO_PARAM), HOME_PATH), { replace: true });
      },
      onError: (error) => {
        if (isApiError(error, Code.unknownAccount)) form.setFieldValue('email', '');
        if (isApiError(error, Code.wrongPassword)) form.setFieldValue('password', '');
      },
    });
  };

  return { form, handleSubmit, pending: login.isPending };
}
