import { Limits } from '../limits.ts';

/** The four character classes of the password rule (section 5). */
export function passwordClasses(password: string): {
  lower: boolean;
  upper: boolean;
  digit: boolean;
  special: boolean;
} {
  return {
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

/**
 * Password rule of section 5: 8 to 128 characters with at least three of the four classes
 * lower case, upper case, digit and special character. Failing shows message common.loa1.
 */
export function isValidPassword(password: string): boolean {
  if (password.length < Limits.passwordMin || password.length > Limits.passwordMax) return false;
  return Object.values(passwordClasses(password)).filter(Boolean).length >= 3;
}
