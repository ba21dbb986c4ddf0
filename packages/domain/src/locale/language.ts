/** Interface languages and their codes in the user record (spec section 1). */
export const LANGUAGES = ['en', 'zh', 'de', 'es'] as const;
/** One interface language. */
export type Language = (typeof LANGUAGES)[number];
/** Language code stored on the user: 0 English, 1 Chinese, 2 German, 3 Spanish. */
export type LanguageCode = 0 | 1 | 2 | 3;

/** Native names shown in the language dropdown (section 2). */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  zh: '中文',
};

/** Code stored in the user record for a language. */
export function languageToCode(language: Language): LanguageCode {
  return LANGUAGES.indexOf(language) as LanguageCode;
}

/** Language for a stored code; unknown codes fall back to English. */
export function codeToLanguage(code: number): Language {
  return LANGUAGES[code] ?? 'en';
}

/**
 * Matches a browser language tag (`de-AT`, `zh-Hans-CN`, `ds`) to an interface language.
 * The spec also matches a code `ds` whose meaning is not shown; it is treated as German
 * (decision recorded in docs/decisions.md). Anything else falls back to English.
 */
export function matchLanguage(tag: string | null | undefined): Language {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'ds') return 'de';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}
