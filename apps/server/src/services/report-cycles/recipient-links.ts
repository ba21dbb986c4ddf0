import {
  codeToLanguage,
  type Language,
  languageToCode,
  type RecipientKind,
  type RecipientPreferences,
} from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditEvents, projectRecipients, projects, recipientPreferences } from '../../db/schema.ts';
import { type RecipientLink, verifyRecipientLink } from './links.ts';

/*
 * A recipient's own page `/email/register` and one-click unsubscribe (RFC 8058), reached without an account
 * through the signed link of a report e-mail: the link names the recipient and its address, so it opens
 * that recipient only, and only while the address is still the one it was sent to.
 */

type RecipientRow = typeof projectRecipients.$inferSelect;

/** The recipient a link names, while it still has the address the link was sent to. */
async function linkedRecipient(ctx: AppContext, link: RecipientLink): Promise<RecipientRow | null> {
  const [row] = await ctx.db
    .select()
    .from(projectRecipients)
    .where(
      and(
        eq(projectRecipients.id, link.rid),
        eq(projectRecipients.pid, link.pid),
        eq(projectRecipients.email, link.email),
      ),
    );
  return row ?? null;
}

async function present(ctx: AppContext, link: RecipientLink, row: RecipientRow | null): Promise<RecipientPreferences> {
  const [project] = await ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, link.pid));
  const [preferences] = row
    ? await ctx.db.select().from(recipientPreferences).where(eq(recipientPreferences.recipientId, row.id))
    : [];
  return {
    email: link.email,
    projectName: project?.name ?? '',
    language: row ? codeToLanguage(row.language) : 'en',
    kinds: (row?.kinds ?? []) as RecipientKind[],
    csv: preferences?.csv ?? false,
    linkKind: link.kind,
    state: row ? 'active' : 'removed',
  };
}

/** A change the recipient made on their own page, audited without an account. */
async function audit(ctx: AppContext, pid: number, action: string, before: unknown, after: unknown) {
  await ctx.db.insert(auditEvents).values({ pid, actorUid: null, action, before, after, createdAt: ctx.now() });
}

/** The settings a recipient link opens; 1065 when the link is tampered with or expired. */
export async function recipientLinkInfo(ctx: AppContext, token: string): Promise<RecipientPreferences> {
  const link = verifyRecipientLink(ctx, token);
  return present(ctx, link, await linkedRecipient(ctx, link));
}

/**
 * Saves what a recipient chose on their page: language, kinds, CSV. Saving confirms the address (the link
 * came to it), so a recipient whose activation link ran out is active again. No kinds: they are removed.
 */
export async function saveRecipientLink(
  ctx: AppContext,
  token: string,
  choice: { language: Language; kinds: RecipientKind[]; csv: boolean },
): Promise<RecipientPreferences> {
  const link = verifyRecipientLink(ctx, token);
  const row = await linkedRecipient(ctx, link);
  if (!row) return present(ctx, link, null);
  if (choice.kinds.length === 0) return unsubscribe(ctx, link, row, null);
  const now = ctx.now();
  await ctx.db
    .update(projectRecipients)
    .set({ language: languageToCode(choice.language), kinds: choice.kinds, activatedAt: row.activatedAt ?? now })
    .where(eq(projectRecipients.id, row.id));
  await ctx.db
    .insert(recipientPreferences)
    .values({ recipientId: row.id, csv: choice.csv, updatedAt: now })
    .onConflictDoUpdate({ target: recipientPreferences.recipientId, set: { csv: choice.csv, updatedAt: now } });
  await audit(
    ctx,
    link.pid,
    'project.recipients.self',
    { email: row.email, language: codeToLanguage(row.language), kinds: row.kinds },
    { email: row.email, ...choice },
  );
  return present(ctx, link, await linkedRecipient(ctx, link));
}

/** Stops `kind` (null: every kind); a recipient left with no kind is removed. */
async function unsubscribe(
  ctx: AppContext,
  link: RecipientLink,
  row: RecipientRow,
  kind: RecipientKind | null,
): Promise<RecipientPreferences> {
  const kinds = kind === null ? [] : row.kinds.filter((item) => item !== kind);
  if (kinds.length === 0) await ctx.db.delete(projectRecipients).where(eq(projectRecipients.id, row.id));
  else await ctx.db.update(projectRecipients).set({ kinds }).where(eq(projectRecipients.id, row.id));
  await audit(
    ctx,
    link.pid,
    'project.recipients.unsubscribe',
    { email: row.email, kinds: row.kinds },
    { email: row.email, kinds },
  );
  return present(ctx, link, kinds.length === 0 ? null : await linkedRecipient(ctx, link));
}

/**
 * Unsubscribes the recipient a link names from the kind of mail it came with, or from every kind (`all`);
 * a recipient already gone answers `removed` again. 1065 when the link is tampered with or expired.
 */
export async function unsubscribeRecipientLink(
  ctx: AppContext,
  token: string,
  all = false,
): Promise<RecipientPreferences> {
  const link = verifyRecipientLink(ctx, token);
  const row = await linkedRecipient(ctx, link);
  if (!row) return present(ctx, link, null);
  return unsubscribe(ctx, link, row, all ? null : link.kind);
}
