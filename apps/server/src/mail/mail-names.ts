import { Limits } from '@lightwell/domain';
import type { translator } from '../lib/i18n.ts';

/** Longest user name (section 5). */
export const USER_NAME_MAX = Limits.nameMax;
/** Longest project, network, profile, fitting or location name (`EntityNameSchema`). */
export const ENTITY_NAME_MAX = 64;
/** A name in a subject is cut shorter, so that the console's own words are what a subject says. */
export const SUBJECT_NAME_MAX = 32;

/**
 * A name a user chose, made safe to put in an e-mail: on one line, without the characters that could close
 * its quotes or turn text around, cut to `max` characters (ending in "…"), and with anything that reads as
 * a link or an address defused (`http[:]//evil[.]test`), so that the only links in a mail are the console's.
 */
export function plainName(value: string, max: number): string {
  const flat = value
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/["“”„‟«»‹›＂]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  const kept = chars
    .slice(0, max - 1)
    .join('')
    .trimEnd();
  return (chars.length > max ? `${kept}…` : flat)
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '[.]')
    .replace(/\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g, '$1[.]$2[.]$3[.]$4');
}

/** A user-chosen name and the most characters it may show. */
export interface ChosenName {
  value: string;
  max: number;
}

/**
 * Placeholder values of user-chosen names: each made plain, cut to its limit (at most `cap`) and quoted as
 * the recipient's language quotes; an empty name shows as "-".
 */
export function quotedNames(
  t: ReturnType<typeof translator>,
  names: Record<string, ChosenName>,
  cap = Number.POSITIVE_INFINITY,
): Record<string, string> {
  const quoted: Record<string, string> = {};
  for (const [key, { value, max }] of Object.entries(names)) {
    const name = plainName(value, Math.min(max, cap));
    quoted[key] = name ? t('mail:common.quoted', { name }) : '-';
  }
  return quoted;
}
