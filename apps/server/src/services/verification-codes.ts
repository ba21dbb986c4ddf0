import { Code, Limits } from '@lightwell/domain';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { verificationCodes } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { hashVerificationCode, newVerificationCode } from '../lib/tokens.ts';

/** What a code is for; each purpose has its own e-mail template. */
export type CodePurpose = 'register' | 'reset' | 'email';

const TEMPLATE = { register: 'registerCode', reset: 'passwordCode', email: 'emailCode' } as const;

function tooMany(seconds: number): CallError {
  return new CallError(Code.tooManyAttempts, `Please wait ${seconds} seconds before asking for another code.`, {
    retryAfter: seconds,
  });
}

/**
 * E-mails a new 6-digit code for `purpose` to `email` (valid 10 minutes, 5 tries); earlier codes of the
 * same purpose and address stop working. Refused with 1019 within 60 s of the last code or after 20
 * codes from one client address in an hour; with 1052 when the mail cannot be sent (nothing is kept).
 */
export async function sendVerificationCode(
  ctx: AppContext,
  input: { purpose: CodePurpose; email: string; uid?: number; language: number; address: string },
): Promise<{ resendAfter: number }> {
  const now = ctx.now();
  const [last] = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.email, input.email)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const sinceLast = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (sinceLast < Limits.codeResendSeconds) throw tooMany(Math.ceil(Limits.codeResendSeconds - sinceLast));
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.address, input.address),
        gt(verificationCodes.createdAt, new Date(now.getTime() - 3600_000)),
      ),
    );
  if ((sent?.n ?? 0) >= Limits.codeSendsPerAddressHour) throw tooMany(3600);

  const code = newVerificationCode();
  const [row] = await ctx.db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.purpose, input.purpose),
          eq(verificationCodes.email, input.email),
          isNull(verificationCodes.consumedAt),
        ),
      );
    return tx
      .insert(verificationCodes)
      .values({
        purpose: input.purpose,
        email: input.email,
        uid: input.uid ?? null,
        codeHash: hashVerificationCode(ctx.keys.key('verification-code'), input.purpose, input.email, code),
        address: input.address,
        createdAt: now,
        expiresAt: new Date(now.getTime() + Limits.codeTtlSeconds * 1000),
      })
      .returning({ id: verificationCodes.id });
  });
  try {
    await ctx.mailer.send(input.email, { name: TEMPLATE[input.purpose], code }, input.language);
  } catch {
    await ctx.db.delete(verificationCodes).where(eq(verificationCodes.id, row!.id));
    throw new CallError(Code.mailFailed, 'The e-mail could not be sent. Check the address and try again later.');
  }
  return { resendAfter: Limits.codeResendSeconds };
}

/**
 * Checks a code against the newest live one for `purpose` and `email` (and `uid` when given). A wrong
 * code uses up one of the 5 tries, and this is kept even when the caller's later step fails. Answers
 * the code's id, which `markCodeUsed` spends inside the caller's transaction.
 */
export async function checkVerificationCode(
  ctx: AppContext,
  input: { purpose: CodePurpose; email: string; code: string; uid?: number },
): Promise<number> {
  const conditions = [
    eq(verificationCodes.purpose, input.purpose),
    eq(verificationCodes.email, input.email),
    isNull(verificationCodes.consumedAt),
  ];
  if (input.uid !== undefined) conditions.push(eq(verificationCodes.uid, input.uid));
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(...conditions))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const refused = new CallError(Code.badVerificationCode, 'The verification code is wrong or has expired.');
  if (!row || row.expiresAt <= ctx.now() || row.attempts >= Limits.codeMaxAttempts) throw refused;
  if (
    row.codeHash !== hashVerificationCode(ctx.keys.key('verification-code'), input.purpose, input.email, input.code)
  ) {
    await ctx.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    throw refused;
  }
  return row.id;
}

/** Spends a checked code; refuses with 1053 when it was spent meanwhile (each code works once). */
export async function markCodeUsed(db: Db, id: number, now: Date): Promise<void> {
  const spent = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (spent.length !== 1)
    throw new CallError(Code.badVerificationCode, 'The verification code is wrong or has expired.');
}
