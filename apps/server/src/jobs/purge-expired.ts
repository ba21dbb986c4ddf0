import { Limits } from '@lightwell/domain';
import { and, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobRuns, sessions, throttles, verificationCodes } from '../db/schema.ts';
import { forgetUsers } from '../services/forget-users.ts';

const DAY_MS = 86_400_000;

/** Deletes sessions idle for 30 days, codes and throttle counters a day past use, and job records after 90 days. */
export async function purgeExpired(ctx: AppContext): Promise<string> {
  const now = ctx.now().getTime();
  const idle = await ctx.db
    .delete(sessions)
    .where(lt(sessions.lastUsedAt, new Date(now - Limits.sessionIdleSeconds * 1000)))
    .returning({ id: sessions.id, uid: sessions.uid });
  forgetUsers(
    ctx,
    idle.map((row) => row.uid),
  );
  const codes = await ctx.db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, new Date(now - DAY_MS)))
    .returning({ id: verificationCodes.id });
  await ctx.db
    .delete(throttles)
    .where(
      and(
        lt(throttles.windowStartedAt, new Date(now - DAY_MS)),
        or(isNull(throttles.lockedUntil), lt(throttles.lockedUntil, new Date(now))),
      ),
    );
  await ctx.db.delete(jobRuns).where(lt(jobRuns.startedAt, new Date(now - 90 * DAY_MS)));
  return `sessions ${idle.length}, codes ${codes.length}`;
}
