import { matchLanguage } from '@lightwell/domain';
import { i18n } from '../i18n';

/** Code of an ApiError raised when the server could not be reached or did not answer in time. */
export const NETWORK_ERROR_CODE = -1;

/** A call that did not succeed: the server's code and data, and a translated message for the user. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** True when the client already told the user (expired session), so nobody toasts again. */
  readonly handled: boolean;

  constructor(code: number, data: unknown, message: string, handled = false) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.handled = handled;
  }
}

/** True when `error` is an ApiError with the given code. */
export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Translated message for a result code (section 8), with the answer's data for placeholders. */
export function messageForCode(code: number, data?: unknown): string {
  const values = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return i18n.t(`errors.${code}`, { ...values, defaultValue: i18n.t('errors.generic') });
}

/** An answer as the server sent it, with the language its message is written in (`Content-Language`). */
export interface RefusalAnswer {
  code: number;
  data: unknown;
  message?: string;
  language?: string | null;
}

/**
 * The message to show for a refusal: the server's own when it is written in the language the app shows
 * (it names fields, allowed values and addresses), else the app's translation of the code.
 */
export function messageOf(answer: RefusalAnswer): string {
  const sameLanguage = answer.language && matchLanguage(answer.language) === matchLanguage(i18n.language);
  if (answer.message && sameLanguage) return answer.message;
  return messageForCode(answer.code, answer.data);
}
