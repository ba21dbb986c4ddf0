import type { AppContext } from '../context.ts';
/**
 * After a write that ends sessions of these users or changes their rows (sign-out, password, e-mail,
 * settings, name, expiry): this process's session cache forgets them at once, and every other process's
 * as soon as the broker's announcement arrives. Call it once the write is committed.
 */
export function forgetUsers(ctx: AppContext, uids: readonly number[]): void {
  if (uids.length === 0) return;
  const distinct = [...new Set(uids)];
  ctx.sessions.forget(distinct);
  ctx.link.announceUsersChanged(distinct);
}
