import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Limits } from '@lightwell/domain';

/** A new session token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit verification code (section 9), uniformly drawn. */
export function newVerificationCode(): string {
  return randomInt(0, 10 ** Limits.codeDigits)
    .toString()
    .padStart(Limits.codeDigits, '0');
}

/** Keyed hash of a verification code bound to its purpose and address. */
export function hashVerificationCode(secret: Buffer, purpose: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${email}\n${code}`).digest('hex');
}

/** A fresh random secret (hex) for signing when none is configured. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}
