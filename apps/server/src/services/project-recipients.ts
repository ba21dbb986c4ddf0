import {
  type ActivationResult,
  Code,
  codeToLanguage,
  type Language,
  languageToCode,
  RECIPIENT_LINK_DAYS,
  type Recipient,
  type RecipientInput,
  type RecipientKind,
} from '@lightwell/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { findUserById } from '../db/queries/users.ts';
import { projectRecipients, projects, recipientPreferences } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { noPermission } from '../policies/access.ts';
import { presentRecipient, type RecipientRow } from '../presenters/recipient.ts';
import { recordAudit } from './audit.ts';
import { type MailAllowance, returnMailAllowance, takeMailAllowance } from './mail-limits.ts';

const DAY_MS = 86_400_000;

/**
 * The active recipients of project `projectId` who take mail of `kind`, each with the language to write
 * to them in. Recipients who have not opened their activation link, or whom an editor paused on the
 * reception page (2-5), get nothing. This is what fault and report mailers call.
 */
export async function activeRecipients(
  db: Db,
  projectId: number,
  kind: RecipientKind,
): Promise<{ email: string; language: Language }[]> {
  const rows = await db
    .select({ email: projectRecipients.email, language: projectRecipients.language })
    .from(projectRecipients)
    .where(
      and(
        eq(projectRecipients.pid, projectId),
        isNotNull(projectRecipients.activatedAt),
        sql`${kind} = ANY(${projectRecipients.kinds})`,
        sql`NOT EXISTS (SELECT 1 FROM ${recipientPreferences} WHERE ${recipientPreferences.recipientId} = ${projectRecipients.id} AND ${recipientPreferences.pausedAt} IS NOT NULL)`,
      ),
    )
    .orderBy(asc(projectRecipients.email));
  return rows.map((row) => ({ email: row.email, language: codeToLanguage(row.language) }));
}

/** A project's recipients in address order. */
export async function listRecipients(ctx: AppContext, pid: number): Promise<Recipient[]> {
  const rows = await ctx.db
    .select()
    .from(projectRecipients)
    .where(eq(projectRecipients.pid, pid))
    .orderBy(asc(projectRecipients.email));
  return rows.map((row) => presentRecipient(row, ctx.now()));
}

/** E-mails a recipient the activation link `token`, in the recipient's language. */
async function mailActivation(ctx: AppContext, row: RecipientRow, token: string, sender: string, project: string) {
  await ctx.mailer.send(
    row.email,
    {
      name: 'recipientActivation',
      sender,
      project,
      kinds: row.kinds,
      url: `${ctx.config.publicUrl}/shared/projectSettingEmail/active?link=${token}`,
      until: row.linkExpiresAt,
    },
    row.language,
  );
}

const summary = (list: { email: string; language: number | Language; kinds: string[] }[]) =>
  list.map(({ email, language, kinds }) => ({
    email,
    language: typeof language === 'number' ? codeToLanguage(language) : language,
    kinds,
  }));

/**
 * Replaces the recipients of project `pid` with `list`: addresses no longer listed are removed, kept
 * ones take the new language and kinds and keep their activation, new ones are stored pending and sent
 * an activation link valid 7 days. Refused with 1019 and `retryAfter`, nothing changed, when the editor's
 * mail allowance does not cover every new address (services/mail-limits.ts). When an activation mail
 * cannot be sent, the new addresses are removed again and the call answers 1052; the other changes stay.
 */
export async function replaceRecipients(
  ctx: AppContext,
  uid: number,
  project: { id: number; name: string },
  list: RecipientInput[],
): Promise<Recipient[]> {
  const expiresAt = new Date(ctx.now().getTime() + RECIPIENT_LINK_DAYS * DAY_MS);
  const added: { row: RecipientRow; token: string }[] = [];
  let allowance: MailAllowance = { ids: [] };
  await ctx.db.transaction(async (tx) => {
    const before = await tx.select().from(projectRecipients).where(eq(projectRecipients.pid, project.id));
    const byEmail = new Map(before.map((row) => [row.email, row]));
    const fresh = list.filter((r) => !byEmail.has(r.email)).map((r) => r.email);
    allowance = await takeMailAllowance(ctx, tx, uid, fresh, 'recipientActivation');
    const wanted = new Set(list.map((r) => r.email));
    const removed = before.filter((row) => !wanted.has(row.email)).map((row) => row.id);
    if (removed.length) await tx.delete(projectRecipients).where(inArray(projectRecipients.id, removed));
    for (const recipient of list) {
      const language = languageToCode(recipient.language);
      const kept = byEmail.get(recipient.email);
      if (kept) {
        await tx
          .update(projectRecipients)
          .set({ language, kinds: recipient.kinds })
          .where(eq(projectRecipients.id, kept.id));
        continue;
      }
      const token = newToken();
      const [row] = await tx
        .insert(projectRecipients)
        .values({
          pid: project.id,
          email: recipient.email,
          language,
          kinds: recipient.kinds,
          tokenHash: hashToken(token),
          linkExpiresAt: expiresAt,
          createdBy: uid,
        })
        .returning();
      added.push({ row: row!, token });
    }
    await recordAudit(tx, {
      action: 'project.recipients.update',
      actorUid: uid,
      pid: project.id,
      before: summary(before),
      after: summary(list),
    });
  });
  const sender = (await findUserById(ctx.db, uid))?.name ?? '';
  let mailed = 0;
  try {
    for (const { row, token } of added) {
      await mailActivation(ctx, row, token, sender, project.name);
      mailed += 1;
    }
  } catch {
    await returnMailAllowance(ctx, allowance.ids.slice(mailed));
    const ids = added.map((a) => a.row.id);
    await ctx.db.delete(projectRecipients).where(inArray(projectRecipients.id, ids));
    throw new CallError(Code.mailFailed, 'The activation e-mails could not be sent; the new addresses were not added.');
  }
  return listRecipients(ctx, project.id);
}

/**
 * Sends recipient `id` of project `pid` a new activation link valid 7 days (the old one stops working):
 * 1013 when the project has no such recipient, 1065 when the recipient is already active, 1019 with
 * `retryAfter` (the old link kept) when the editor's mail allowance is spent for this address or the day.
 */
export async function resendActivation(
  ctx: AppContext,
  uid: number,
  project: { id: number; name: string },
  id: number,
): Promise<Recipient> {
  const [row] = await ctx.db
    .select()
    .from(projectRecipients)
    .where(and(eq(projectRecipients.id, id), eq(projectRecipients.pid, project.id)))
    .limit(1);
  if (!row) throw noPermission();
  if (row.activatedAt) throw new CallError(Code.linkInvalid, 'This recipient is already active.', { state: 'active' });
  const allowance = await takeMailAllowance(ctx, ctx.db, uid, [row.email], 'recipientActivation');
  const token = newToken();
  const [updated] = await ctx.db
    .update(projectRecipients)
    .set({ tokenHash: hashToken(token), linkExpiresAt: new Date(ctx.now().getTime() + RECIPIENT_LINK_DAYS * DAY_MS) })
    .where(eq(projectRecipients.id, id))
    .returning();
  const sender = (await findUserById(ctx.db, uid))?.name ?? '';
  try {
    await mailActivation(ctx, updated!, token, sender, project.name);
  } catch {
    await returnMailAllowance(ctx, allowance.ids);
    throw new CallError(Code.mailFailed, 'The activation e-mail could not be sent.');
  }
  return presentRecipient(updated!, ctx.now());
}

/**
 * Opens an activation link (section 4 "Activation"): `successful` activates the recipient (and stays
 * successful when opened again), `expired` when the link ran out first, `failed` when the link is
 * unknown, replaced by a newer one, or its recipient was removed.
 */
export async function activateRecipient(ctx: AppContext, token: string): Promise<ActivationResult> {
  const [found] = await ctx.db
    .select({ row: projectRecipients, projectName: projects.name })
    .from(projectRecipients)
    .innerJoin(projects, eq(projects.id, projectRecipients.pid))
    .where(eq(projectRecipients.tokenHash, hashToken(token)))
    .limit(1);
  if (!found) return { state: 'failed', email: null, projectName: null };
  const { row, projectName } = found;
  const answer = (state: ActivationResult['state']) => ({ state, email: row.email, projectName });
  if (row.activatedAt) return answer('successful');
  if (row.linkExpiresAt.getTime() <= ctx.now().getTime()) return answer('expired');
  await ctx.db
    .update(projectRecipients)
    .set({ activatedAt: ctx.now() })
    .where(and(eq(projectRecipients.id, row.id), sql`${projectRecipients.activatedAt} IS NULL`));
  return answer('successful');
}
