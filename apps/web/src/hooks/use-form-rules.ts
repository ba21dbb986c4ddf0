import { isValidEmail, isValidPassword, Limits } from '@lightwell/domain';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const CODE_PATTERN = new RegExp(`^\\d{${Limits.codeDigits}}$`);

/**
 * Translated antd form rules for the section-5 validation: e-mail (required, format), password
 * rule, 6-digit code, user name, and confirmations that must match another field.
 */
export function useFormRules() {
  const { t } = useTranslation();
  return useMemo(() => {
    const email: FormRule[] = [
      { required: true, whitespace: true, message: t('validation.email.required') },
      {
        validator: async (_, value: string | undefined) => {
          if (value?.trim() && !isValidEmail(value.trim())) throw new Error(t('validation.email.format'));
        },
      },
    ];
    const newPassword: FormRule[] = [
      { required: true, message: t('validation.password.required') },
      {
        validator: async (_, value: string | undefined) => {
          if (value && !isValidPassword(value)) throw new Error(t('validation.password.rule'));
        },
      },
    ];
    const password: FormRule[] = [{ required: true, message: t('validation.password.required') }];
    const code: FormRule[] = [
      { required: true, message: t('validation.code.required') },
      { pattern: CODE_PATTERN, message: t('validation.code.format', { digits: Limits.codeDigits }) },
    ];
    const name: FormRule[] = [
      { required: true, whitespace: true, message: t('validation.name.required') },
      {
        min: Limits.nameMin,
        max: Limits.nameMax,
        message: t('validation.name.length', { min: Limits.nameMin, max: Limits.nameMax }),
      },
    ];
    /** The field must repeat `field`; e-mail addresses compare without case, passwords exactly. */
    const sameAs = (field: string, messageKey: string, normalize = (text: string) => text): FormRule[] => [
      { required: true, message: t('validation.confirm.required') },
      ({ getFieldValue }) => ({
        validator: async (_, value: string | undefined) => {
          const other = getFieldValue(field) as string | undefined;
          if (value && other !== undefined && normalize(value) !== normalize(other)) throw new Error(t(messageKey));
        },
      }),
    ];
    const confirmPassword = (field: string) => sameAs(field, 'validation.confirm.password');
    const confirmEmail = (field: string) =>
      sameAs(field, 'validation.confirm.email', (text) => text.trim().toLowerCase());
    return { email, newPassword, password, code, name, confirmPassword, confirmEmail };
  }, [t]);
}
