import { codeToLanguage, type Recipient, type RecipientKind, recipientStatus } from '@lightwell/domain';
import type { projectRecipients } from '../db/schema.ts';

/** A stored report and fault mail recipient of a project. */
export type RecipientRow = typeof projectRecipients.$inferSelect;

/** A stored recipient as the editor sees it, its status as of `now`. */
export function presentRecipient(row: RecipientRow, now: Date): Recipient {
  const status = recipientStatus(row.activatedAt?.getTime() ?? null, row.linkExpiresAt.getTime(), now.getTime());
  return {
    id: row.id,
    email: row.email,
    language: codeToLanguage(row.language),
    kinds: row.kinds as RecipientKind[],
    status,
    activatedAt: row.activatedAt ? Math.floor(row.activatedAt.getTime() / 1000) : null,
    linkExpiresAt: status === 'active' ? null : Math.floor(row.linkExpiresAt.getTime() / 1000),
  };
}
