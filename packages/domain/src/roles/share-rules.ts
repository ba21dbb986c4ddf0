import { normalizeEmail } from '../account/email.ts';

/** Batch sharing limit (sections 5 and 9): up to 6 addresses at once. */
export const MAX_SHARE_EMAILS = 6;
/** Share links are valid 7 days (section 9). */
export const SHARE_LINK_DAYS = 7;

/** Why a list of share recipients is refused, or null when it is acceptable. */
export type ShareRecipientsProblem = 'none' | 'tooMany' | 'duplicate' | 'self' | null;

/**
 * Section 5 batch sharing: 1 to 6 addresses, no duplicates (regardless of case), not to oneself.
 */
export function shareRecipientsProblem(emails: readonly string[], ownEmail: string): ShareRecipientsProblem {
  if (emails.length === 0) return 'none';
  if (emails.length > MAX_SHARE_EMAILS) return 'tooMany';
  const normalised = emails.map(normalizeEmail);
  if (new Set(normalised).size !== normalised.length) return 'duplicate';
  if (normalised.includes(normalizeEmail(ownEmail))) return 'self';
  return null;
}

/** The first address given more than once (regardless of case), as first written, or null. */
export function repeatedEmail(emails: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const email of emails) {
    const key = normalizeEmail(email);
    if (seen.has(key)) return email;
    seen.add(key);
  }
  return null;
}

/** Activation state of a share link as its page shows it (section 4: successful, expired, failed). */
export type ShareLinkState = 'pending' | 'accepted' | 'expired' | 'revoked';

/** State of a link: accepted and revoked links stay so; a pending link past its expiry is expired. */
export function shareLinkState(status: string, expiresAt: number, now: number): ShareLinkState {
  if (status === 'accepted' || status === 'revoked') return status;
  return expiresAt <= now ? 'expired' : 'pending';
}
