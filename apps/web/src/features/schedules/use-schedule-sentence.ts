import { matchLanguage, renderPhrase, type SentenceSchedule, scheduleSentence } from '@lightwell/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Reads a schedule or astro timer as a sentence in the interface language ("Mon–Fri at 07:30", "every day
 * at sunset − 15 min"): the domain builds it from the encoded fields, i18next words it.
 */
export function useScheduleSentence(): (schedule: SentenceSchedule) => string {
  const { t, i18n } = useTranslation();
  const language = matchLanguage(i18n.language);
  return useCallback(
    (schedule) => renderPhrase(scheduleSentence(schedule, language), (key, params) => t(key, params)),
    [t, language],
  );
}
