import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The fixed phrase whose hash stands in for a signature when `notCheckSign` is allowed (section 5). */
export const NOT_CHECK_SIGN_PHRASE = 'lightwell-not-check-sign';

/**
 * Canonical string of a request for signing (section 5, made precise): fields that are undefined or
 * null and the `sign` field itself are dropped, keys are sorted by code unit, arrays and objects are
 * serialised as JSON, other values as their string form, and pairs `key=value` are joined with `&`.
 */
export function canonicalString(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== null)
    .sort()
    .map((key) => {
      const value = params[key];
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `${key}=${text}`;
    })
    .join('&');
}

/** Lower-case hex HMAC-SHA256 of the canonical string of `params` with `key`. */
export function signParams(params: Record<string, unknown>, key: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(canonicalString(params))));
}

/** The stand-in signature for `notCheckSign` requests: lower-case hex SHA-256 of the fixed phrase. */
export function notCheckSignValue(): string {
  return bytesToHex(sha256(utf8ToBytes(NOT_CHECK_SIGN_PHRASE)));
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
