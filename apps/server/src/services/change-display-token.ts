import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { displayTokens } from '../db/schema.ts';
import { hashToken } from '../lib/tokens.ts';
import type { DisplayRow } from '../presenters/display-token.ts';
import { recordAudit } from './audit.ts';

/** A new display key: `lwd_` and 256 random bits, base64url. */
function newDisplayKey(): string {
  return `lwd_${randomBytes(32).toString('base64url')}`;
}

/** Adds a display key to network `nid` (only its hash is stored; the key is answered once); audited. */
export async function addDisplayToken(
  ctx: AppContext,
  uid: number,
  nid: number,
  name: string,
): Promise<{ row: DisplayRow; key: string }> {
  const key = newDisplayKey();
  const [row] = await ctx.db
    .insert(displayTokens)
    .values({ nid, name: name.trim(), keyHash: hashToken(key), createdBy: uid })
    .returning();
  await recordAudit(ctx.db, { action: 'display.add', actorUid: uid, nid, after: { id: row!.id, name: row!.name } });
  return { row: row!, key };
}

/** Revokes a display key: the screens it opened stop at their next call; audited. */
export async function revokeDisplayToken(ctx: AppContext, uid: number, row: DisplayRow): Promise<void> {
  await ctx.db.update(displayTokens).set({ revokedAt: ctx.now() }).where(eq(displayTokens.id, row.id));
  await recordAudit(ctx.db, {
    action: 'display.revoke',
    actorUid: uid,
    nid: row.nid,
    before: { id: row.id, name: row.name },
  });
}
