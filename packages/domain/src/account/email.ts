import { Limits } from '../limits.ts';

/**
 * E-mail format of section 5: local part, domain labels, and a top-level domain of 2 to 10 letters
 * (message common.loc120 when it fails, common.loc119 when a required address is empty).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,10}$/;

/** True when the address has the section-5 format and fits the length limit. */
export function isValidEmail(email: string): boolean {
  return email.length <= Limits.emailMax && EMAIL_PATTERN.test(email);
}

/** Canonical form used for storage and comparison: trimmed and lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True for a link the UI opens outside the app: http(s):, mailto: or tel: (section 5). */
export function isExternalLink(link: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(link);
}
