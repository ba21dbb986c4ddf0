import { Code, Limits } from '@lightwell/domain';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { mailSends, users } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';

/** The templates of mail sent to an address a user typed; each such message counts. */
export type AddressedTemplate = 'share' | 'recipientActivation' | 'reportCopy';

/** Messages taken from an account's allowance, to hand back when they could not be sent. */
export interface MailAllowance {
  /** `mail_sends` ids, in the order of the addresses given. */
  ids: number[];
}

const SECOND = 1000;

/**
 * A 1019 refusal with the seconds to wait in `data.retryAfter`, and in `data.reason` whether one address
 * (`address`, named in `data.email`) or the account's day (`account`) holds it up.
 */
function mailThrottled(retryAfter: number, email: string | null): CallError {
  const params = {
    retryAfter,
    minutes: Math.ceil(retryAfter / 60),
    interval: Limits.mailAddressIntervalSeconds / 60,
    hours: Limits.mailAccountWindowSeconds / 3600,
    maximum: Limits.mailsPerAccountWindow,
  };
  return email === null
    ? new CallError(
        Code.tooManyAttempts,
        `This account has sent ${params.maximum} e-mails within ${params.hours} hours; try again in ${retryAfter} s.`,
        { retryAfter, reason: 'account' },
        { key: 'refusals.1019.mailAccount', params },
      )
    : new CallError(
        Code.tooManyAttempts,
        `This account mailed ${email} less than ${params.interval} minutes ago; try again in ${retryAfter} s.`,
        { retryAfter, reason: 'address', email },
        { key: 'refusals.1019.mailAddress', params: { ...params, email } },
      );
}

/**
 * The seconds until `emails` may all be mailed by an account whose messages of the last day were sent at
 * `sent` (oldest first): 0 when now. The longest wait wins; its address is named, or null for the account.
 */
function mailWait(
  sent: readonly { email: string; sentAt: Date }[],
  emails: readonly string[],
  now: Date,
): { seconds: number; email: string | null } {
  let wait = { seconds: 0, email: null as string | null };
  const over = sent.length + emails.length - Limits.mailsPerAccountWindow;
  if (over > 0) {
    // The batch fits once the `over` oldest messages have left the window (all of them for a batch too big).
    const freed = sent[Math.min(over, sent.length) - 1]?.sentAt ?? now;
    const until = freed.getTime() + Limits.mailAccountWindowSeconds * SECOND;
    wait = { seconds: Math.ceil((until - now.getTime()) / SECOND), email: null };
  }
  for (const email of emails) {
    const last = sent.findLast((row) => row.email === email);
    if (!last) continue;
    const seconds = Math.ceil(
      (last.sentAt.getTime() + Limits.mailAddressIntervalSeconds * SECOND - now.getTime()) / SECOND,
    );
    if (seconds > wait.seconds) wait = { seconds, email };
  }
  return wait;
}

/**
 * Takes one message per address of `emails` from the allowance of account `uid` (docs/decisions.md, "Mail
 * on a user's behalf"): refused with 1019 and `retryAfter` seconds, and nothing taken, when the account
 * mailed one of the addresses in the last 10 minutes or would pass 50 messages in a day. The account's row
 * is locked for the count, so concurrent calls of one account, in any server process, are counted one after
 * the other. Runs inside `db` when that is a transaction, so a refusal undoes the caller's work too.
 */
export async function takeMailAllowance(
  ctx: AppContext,
  db: Db,
  uid: number,
  emails: readonly string[],
  template: AddressedTemplate,
): Promise<MailAllowance> {
  if (emails.length === 0) return { ids: [] };
  const now = ctx.now();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, uid)).for('no key update');
    const windowStart = new Date(now.getTime() - Limits.mailAccountWindowSeconds * SECOND);
    await tx.delete(mailSends).where(and(eq(mailSends.senderUid, uid), lte(mailSends.sentAt, windowStart)));
    const sent = await tx
      .select({ email: mailSends.email, sentAt: mailSends.sentAt })
      .from(mailSends)
      .where(eq(mailSends.senderUid, uid))
      .orderBy(asc(mailSends.sentAt), asc(mailSends.id));
    const wait = mailWait(sent, emails, now);
    if (wait.seconds > 0) throw mailThrottled(wait.seconds, wait.email);
    const rows = await tx
      .insert(mailSends)
      .values(emails.map((email) => ({ senderUid: uid, email, template, sentAt: now })))
      .returning({ id: mailSends.id });
    return { ids: rows.map((row) => row.id) };
  });
}

/** Hands back messages taken but not sent (the mail server refused them), so that trying again is not held up. */
export async function returnMailAllowance(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db.delete(mailSends).where(inArray(mailSends.id, [...ids]));
}
