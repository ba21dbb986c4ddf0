import { type Language, languageToCode } from '@lightwell/domain';
import { useCallback } from 'react';
import { useUpdateSettingMutation } from '../api/user';
import { toast } from '../app/feedback';
import { i18n, setLanguage } from '../i18n';
import { useSession } from '../stores/session';

/**
 * Language choice of the header dropdown (section 2): switches the interface, shows a success
 * message and, when signed in, stores the language code (0-3) with the settings call.
 */
export function useLanguageSwitch(): (language: Language) => Promise<void> {
  const { mutate } = useUpdateSettingMutation();
  return useCallback(
    async (language: Language) => {
      await setLanguage(language);
      toast.success(i18n.t('common.language.changed'));
      if (!useSession.getState().token) return;
      mutate({ language: languageToCode(language) }, { onSuccess: (user) => useSession.getState().updateUser(user) });
    },
    [mutate],
  );
}
