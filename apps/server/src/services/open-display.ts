import { Code } from '@lightwell/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { NetworkRow } from '../db/queries/networks.ts';
import { displayTokens, networks } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { hashToken } from '../lib/tokens.ts';
import type { DisplayRow } from '../presenters/display-token.ts';

/** Last use is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The live network a display key opens, or 1012 (as for any unknown token) when the key is unknown,
 * revoked or its network is in the recycle bin; the key's last use is stored at most once a minute.
 */
export async function openDisplay(ctx: AppContext, key: string): Promise<{ display: DisplayRow; network: NetworkRow }> {
  const [row] = await ctx.db
    .select({ display: displayTokens, network: networks })
    .from(displayTokens)
    .innerJoin(networks, eq(networks.id, displayTokens.nid))
    .where(and(eq(displayTokens.keyHash, hashToken(key)), isNull(displayTokens.revokedAt)))
    .limit(1);
  if (!row || row.network.deletedAt !== null) {
    throw new CallError(Code.sessionInvalid, 'This display key was revoked or does not exist.', null, {
      key: 'refusals.1012.displayKey',
    });
  }
  const now = ctx.now();
  if (!row.display.lastUsedAt || now.getTime() - row.display.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db.update(displayTokens).set({ lastUsedAt: now }).where(eq(displayTokens.id, row.display.id));
  }
  return row;
}
