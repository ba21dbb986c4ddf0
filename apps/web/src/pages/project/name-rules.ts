import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Longest project or network name (domain `EntityNameSchema`). */
export const ENTITY_NAME_MAX = 64;
/** Longest project remarks (domain `RemarksSchema`). */
export const REMARKS_MAX = 500;

/** Translated form rules for project and network names (section 5: both are required). */
export function useNameRules(): { project: FormRule[]; network: FormRule[] } {
  const { t } = useTranslation();
  return useMemo(() => {
    const length: FormRule = { max: ENTITY_NAME_MAX, message: t('project.form.nameLength', { max: ENTITY_NAME_MAX }) };
    return {
      project: [{ required: true, whitespace: true, message: t('project.form.nameRequired') }, length],
      network: [{ required: true, whitespace: true, message: t('network.form.nameRequired') }, length],
    };
  }, [t]);
}
