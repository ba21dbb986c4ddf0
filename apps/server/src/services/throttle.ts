import { Code, Limits, lockRemainingSeconds, registerFailure, type ThrottlePolicy } from '@lightwell/domain';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { throttles } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';

/** Per-account throttle: 5 failures in 15 minutes lock for 1 minute, doubling to at most 15 minutes. */
export const accountPolicy: ThrottlePolicy = {
  allowed: Limits.loginFailuresPerAccount,
  windowSeconds: Limits.loginWindowSeconds,
  firstLockSeconds: 60,
  maxLockSeconds: Limits.loginMaxLockSeconds,
};

/** Per-address throttle: 20 failures in 15 minutes from one client address. */
export const addressPolicy: ThrottlePolicy = { ...accountPolicy, allowed: Limits.loginFailuresPerAddress };

/** Per-address throttle of the calls that tell whether an account exists: 30 answers in 15 minutes. */
const lookupPolicy: ThrottlePolicy = { ...accountPolicy, allowed: Limits.accountLookupsPerAddress };

/** Throttle key of an account's password checks. */
export const accountKey = (email: string) => `account:${email}`;
/** Throttle key of a client address's sign-in failures. */
export const addressKey = (address: string) => `address:${address}`;

/** Throttle key of a client address's answers about accounts (code requests, registrations, resets). */
const lookupKey = (address: string) => `lookup:${address}`;

/** Refuses with 1019 (and `retryAfter` seconds) when any of the keys is locked. */
export async function assertNotLocked(ctx: AppContext, keys: string[]): Promise<void> {
  const rows = await ctx.db.select().from(throttles).where(inArray(throttles.key, keys));
  const now = ctx.now().getTime();
  const wait = Math.max(
    0,
    ...rows.map((row) =>
      lockRemainingSeconds(
        {
          failures: row.failures,
          windowStartedAt: row.windowStartedAt.getTime(),
          lockedUntil: row.lockedUntil?.getTime() ?? null,
        },
        now,
      ),
    ),
  );
  if (wait > 0) {
    throw new CallError(Code.tooManyAttempts, `Too many attempts. Try again in ${wait} seconds.`, { retryAfter: wait });
  }
}

/** Counts a failure for `key` under `policy`. */
export async function recordFailure(ctx: AppContext, key: string, policy: ThrottlePolicy): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(throttles).where(eq(throttles.key, key)).for('update');
    const next = registerFailure(
      row
        ? {
            failures: row.failures,
            windowStartedAt: row.windowStartedAt.getTime(),
            lockedUntil: row.lockedUntil?.getTime() ?? null,
          }
        : null,
      ctx.now().getTime(),
      policy,
    );
    const values = {
      failures: next.failures,
      windowStartedAt: new Date(next.windowStartedAt),
      lockedUntil: next.lockedUntil === null ? null : new Date(next.lockedUntil),
    };
    await tx
      .insert(throttles)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: throttles.key, set: values });
  });
}

/** Forgets the failures of `key` (after a successful sign-in or password reset). */
export async function clearFailures(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(throttles).where(eq(throttles.key, key));
}

/**
 * Runs a call whose answer tells whether an account exists (a code request, a registration, a password
 * reset): refused with 1019 while the client address is throttled, and every answer, success or refusal,
 * counts against the address (`lookupPolicy`), so addresses cannot be sorted into accounts at scale.
 */
export async function answerAccountLookup<T>(ctx: AppContext, address: string, lookup: () => Promise<T>): Promise<T> {
  const key = lookupKey(address);
  await assertNotLocked(ctx, [key, addressKey(address)]);
  try {
    return await lookup();
  } finally {
    await recordFailure(ctx, key, lookupPolicy);
  }
}
