import {
  Code,
  canAddMember,
  MAX_SHARE_EMAILS,
  repeatedEmail,
  SHARE_LINK_DAYS,
  shareLinkState,
  shareRecipientsProblem,
  UserType,
  type UserTypeValue,
} from '@lightwell/domain';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { findUserById } from '../db/queries/users.ts';
import { networkUsers, shares, users } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { recordAudit } from './audit.ts';
import { type MailAllowance, returnMailAllowance, takeMailAllowance } from './mail-limits.ts';

/** What is being shared. */
export interface ShareTarget {
  kind: 'network' | 'project';
  pid: number;
  nid: number | null;
  name: string;
  /** Members of the network (network shares), to refuse addresses that already have access. */
  memberUids: number[];
}

/** Why a batch of share recipients is refused (1064), named in `data.reason`. */
export type ShareRefusal = 'none' | 'tooMany' | 'duplicate' | 'self' | 'taken' | 'pending' | 'ownerTaken';

/**
 * A 1064 refusal: `data: { reason, emails }` names the addresses concerned, and the message says which
 * address is repeated, which is the sharer's own, or which already have access.
 */
export function shareRefused(reason: ShareRefusal, emails: string[], message: string): CallError {
  return new CallError(
    Code.shareRefused,
    message,
    { reason, emails },
    {
      key: `refusals.1064.${reason}`,
      params: { email: emails[0] ?? '', emails, maximum: MAX_SHARE_EMAILS },
    },
  );
}

/** The 1064 refusal of a recipient list that is empty, too long, repeats an address or holds the sharer's own, or null. */
export function recipientsRefusal(emails: string[], ownEmail: string): CallError | null {
  const problem = shareRecipientsProblem(emails, ownEmail);
  if (!problem) return null;
  const concerned = problem === 'self' ? [ownEmail] : problem === 'duplicate' ? [repeatedEmail(emails)!] : [];
  return shareRefused(problem, concerned, `The addresses are not acceptable (${problem}).`);
}
const DAY_MS = 86_400_000;

/** What a share link gives: a role in a network or project, or a copy of a configuration profile. */
type ShareKind = 'network' | 'project' | 'config';

/** The link e-mailed for a share. */
function shareUrl(ctx: AppContext, kind: ShareKind, token: string): string {
  return `${ctx.config.publicUrl}/shared/${kind}?link=${token}`;
}

/** E-mails the link of a share to its recipient, in the recipient's language (else the sharer's). */
async function mailInvitation(ctx: AppContext, share: typeof shares.$inferSelect, token: string, target: string) {
  const sharer = await findUserById(ctx.db, share.sharerUid);
  const [recipient] = await ctx.db.select().from(users).where(eq(users.email, share.email)).limit(1);
  await ctx.mailer.send(
    share.email,
    {
      name: 'share',
      sharer: sharer?.name ?? '',
      target,
      kind: share.kind as ShareKind,
      role: share.userType,
      url: shareUrl(ctx, share.kind as ShareKind, token),
      until: share.expiresAt,
    },
    recipient?.language ?? sharer?.language ?? 0,
  );
}

/**
 * E-mails the link of each new share (`tokens[i]` for `rows[i]`, each counted in `allowance.ids[i]`); when
 * any mail fails, deletes the whole batch, hands back the messages not sent and answers 1052, so nothing
 * is shared (section 5).
 */
async function mailInvitationsOrUndo(
  ctx: AppContext,
  rows: (typeof shares.$inferSelect)[],
  tokens: string[],
  targetName: string,
  allowance: MailAllowance,
): Promise<{ sent: number }> {
  let mailed = 0;
  try {
    for (const [i, row] of rows.entries()) {
      await mailInvitation(ctx, row, tokens[i]!, targetName);
      mailed += 1;
    }
  } catch {
    await returnMailAllowance(ctx, allowance.ids.slice(mailed));
    await ctx.db.delete(shares).where(
      inArray(
        shares.id,
        rows.map((r) => r.id),
      ),
    );
    throw new CallError(Code.mailFailed, 'The invitation e-mails could not be sent; nothing was shared.');
  }
  return { sent: rows.length };
}

/** 1065 for a share link that cannot be used, naming its state. */
export const linkInvalid = (state: string) =>
  new CallError(Code.linkInvalid, 'This link is no longer valid.', { state });

/**
 * Checks that the share found by a link may be accepted by user `uid`: 1065 naming the state when the
 * link is unknown, used, revoked or expired, and 1065 `otherAccount` when it was sent to another address.
 */
export async function checkAcceptable(
  ctx: AppContext,
  uid: number,
  row: typeof shares.$inferSelect | undefined,
): Promise<typeof shares.$inferSelect> {
  if (!row) throw linkInvalid('unknown');
  const state = shareLinkState(row.status, row.expiresAt.getTime(), ctx.now().getTime());
  if (state !== 'pending') throw linkInvalid(state);
  const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, uid));
  if (me?.email !== row.email) {
    throw new CallError(
      Code.linkInvalid,
      `This invitation is for ${row.email}; sign in with that address.`,
      { state: 'otherAccount' },
      { key: 'refusals.1065.otherAccount', params: { email: row.email } },
    );
  }
  return row;
}

/** Marks a pending share accepted by `uid` inside `tx`; 1065 `accepted` when another request got there first. */
export async function spendShare(tx: Db, ctx: AppContext, uid: number, shareId: number): Promise<void> {
  const spent = await tx
    .update(shares)
    .set({ status: 'accepted', acceptedAt: ctx.now(), acceptedUid: uid })
    .where(and(eq(shares.id, shareId), eq(shares.status, 'pending')))
    .returning({ id: shares.id });
  if (spent.length !== 1) throw linkInvalid('accepted');
}

/**
 * Creates pending share links for up to 6 addresses and e-mails them. The whole batch is refused
 * (1064, nothing kept) when an address is the sharer's own, repeated, already has access, or already
 * has a pending invitation to the same thing; 1019 with `retryAfter` when the sharer's mail allowance
 * does not cover every address (services/mail-limits.ts); 1052 when the mail cannot be sent.
 */
export async function createShares(
  ctx: AppContext,
  uid: number,
  target: ShareTarget,
  emails: string[],
  userType: UserTypeValue,
): Promise<{ sent: number }> {
  const sharer = (await findUserById(ctx.db, uid))!;
  const unacceptable = recipientsRefusal(emails, sharer.email);
  if (unacceptable) throw unacceptable;
  const members = target.memberUids.length
    ? await ctx.db.select({ email: users.email }).from(users).where(inArray(users.id, target.memberUids))
    : [];
  const already = new Set(members.map((m) => m.email));
  const pending = await ctx.db
    .select({ email: shares.email })
    .from(shares)
    .where(
      and(
        target.nid === null ? eq(shares.pid, target.pid) : eq(shares.nid, target.nid),
        eq(shares.kind, target.kind),
        eq(shares.status, 'pending'),
        gt(shares.expiresAt, ctx.now()),
        inArray(shares.email, emails),
      ),
    );
  for (const row of pending) already.add(row.email);
  const blocked = emails.filter((email) => already.has(email));
  if (blocked.length)
    throw shareRefused('taken', blocked, 'Some addresses already have access or a pending invitation.');

  return issueInvitations(ctx, uid, emails, target.name, {
    row: (email) => ({ kind: target.kind, pid: target.pid, nid: target.nid, email, userType }),
    audit: { action: 'share.create', pid: target.pid, nid: target.nid, after: { emails, userType } },
  });
}

/** What an invitation batch stores per address and audits once (`issueInvitations`). */
export interface InvitationBatch {
  /** The share row of one address, but for its sharer, token and expiry. */
  row: (email: string) => Omit<typeof shares.$inferInsert, 'sharerUid' | 'tokenHash' | 'expiresAt'>;
  audit: { action: string; pid?: number; nid?: number | null; after: Record<string, unknown> };
}

/**
 * Stores pending share links for the addresses checked acceptable, valid `SHARE_LINK_DAYS`, takes the
 * sharer's mail allowance and audits in one transaction, then e-mails each (`mailInvitationsOrUndo`: 1019,
 * 1052, nothing kept when the mail cannot be sent).
 */
export async function issueInvitations(
  ctx: AppContext,
  uid: number,
  emails: string[],
  targetName: string,
  batch: InvitationBatch,
): Promise<{ sent: number }> {
  const expiresAt = new Date(ctx.now().getTime() + SHARE_LINK_DAYS * DAY_MS);
  const tokens = emails.map(() => newToken());
  const { rows, allowance } = await ctx.db.transaction(async (tx) => {
    const taken = await takeMailAllowance(ctx, tx, uid, emails, 'share');
    const inserted = await tx
      .insert(shares)
      .values(
        emails.map((email, i) => ({
          ...batch.row(email),
          sharerUid: uid,
          tokenHash: hashToken(tokens[i]!),
          expiresAt,
        })),
      )
      .returning();
    await recordAudit(tx, { ...batch.audit, actorUid: uid });
    return { rows: inserted, allowance: taken };
  });
  return mailInvitationsOrUndo(ctx, rows, tokens, targetName, allowance);
}

/** A share the user sent, for resend or revoke; anyone else's id is 1013. */
export async function loadOwnShare(ctx: AppContext, uid: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), eq(shares.sharerUid, uid)))
    .limit(1);
  if (!row) throw new CallError(Code.noPermission, 'Not permitted, or the invitation does not exist.');
  return { row, state: shareLinkState(row.status, row.expiresAt.getTime(), ctx.now().getTime()) };
}

/**
 * Sends a pending or expired invitation again with a new link valid 7 days; the old link stops working.
 * 1019 with `retryAfter` (and the old link kept) when the sharer's mail allowance is spent for this address
 * or for the day; 1052 when the mail cannot be sent.
 */
export async function resendShare(ctx: AppContext, uid: number, id: number, targetName: string): Promise<void> {
  const { row, state } = await loadOwnShare(ctx, uid, id);
  if (state !== 'pending' && state !== 'expired') throw new CallError(Code.linkInvalid, `The invitation is ${state}.`);
  const allowance = await takeMailAllowance(ctx, ctx.db, uid, [row.email], 'share');
  const token = newToken();
  const [updated] = await ctx.db
    .update(shares)
    .set({
      tokenHash: hashToken(token),
      status: 'pending',
      expiresAt: new Date(ctx.now().getTime() + SHARE_LINK_DAYS * DAY_MS),
    })
    .where(eq(shares.id, row.id))
    .returning();
  try {
    await mailInvitation(ctx, updated!, token, targetName);
  } catch {
    await returnMailAllowance(ctx, allowance.ids);
    throw new CallError(Code.mailFailed, 'The invitation e-mail could not be sent.');
  }
}

/** Adds `uid` to a network in `userType` unless already a member; an owner share needs the network ownerless. */
export async function grantNetworkRole(ctx: AppContext, nid: number, uid: number, userType: number): Promise<void> {
  const members = await ctx.db.select().from(networkUsers).where(eq(networkUsers.nid, nid));
  if (members.some((m) => m.uid === uid)) return;
  if (userType === UserType.owner && members.some((m) => m.userType === UserType.owner)) {
    throw shareRefused('ownerTaken', [], 'This network already has an owner.');
  }
  await ctx.db.insert(networkUsers).values({ nid, uid, userType });
}

/** True when the sharer may still grant this role on a network with these members. */
export function mayGrant(members: { uid: number; userType: number }[], sharerUid: number, userType: number): boolean {
  return canAddMember(
    members.map((m) => ({ uid: m.uid, userType: m.userType as UserTypeValue })),
    sharerUid,
    userType as UserTypeValue,
  );
}
