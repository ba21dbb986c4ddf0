import { codeToLanguage, type LanguageCode, languageToCode, type TimeFormat } from '@lightwell/domain';
import { Form } from 'antd';
import { useEffect } from 'react';
import { useUpdateSettingMutation } from '../../../api/user';
import { toast } from '../../../app/feedback';
import { i18n, setLanguage } from '../../../i18n';
import { useLanguage } from '../../../i18n/use-language';
import { useSession } from '../../../stores/session';

/** Values of the settings form (section 3: language 0-3, time format 0-2, page size; first day of the week 1-7). */
export interface SettingsValues {
  language: LanguageCode;
  timeFormat: TimeFormat;
  weekStart: number;
  pageNumber: 10 | 20 | 50 | 100;
}

/** Settings form state and saving through the settings call; the interface follows the saved language. */
export function useSettingsForm() {
  const [form] = Form.useForm<SettingsValues>();
  const timeFormat = useSession((state) => state.timeFormat);
  const weekStart = useSession((state) => state.weekStart);
  const pageNumber = useSession((state) => state.pageNumber);
  const update = useUpdateSettingMutation();
  const language = languageToCode(useLanguage());
  // The header dropdown may change the language while the form is shown.
  useEffect(() => form.setFieldValue('language', language), [form, language]);
  const initialValues = {
    language,
    timeFormat,
    weekStart,
    pageNumber: pageNumber as SettingsValues['pageNumber'],
  };

  const handleSave = (values: SettingsValues) => {
    update.mutate(values, {
      onSuccess: async (user) => {
        useSession.getState().updateUser(user);
        await setLanguage(codeToLanguage(user.language));
        // In the language just saved (the hook's `t` still speaks the old one).
        toast.saved(i18n.t('settings.saved'));
      },
    });
  };

  return { form, initialValues, handleSave, saving: update.isPending };
}
