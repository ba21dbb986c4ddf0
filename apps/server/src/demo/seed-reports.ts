import { DEFAULT_REPORT_CYCLE_SECTIONS, RECIPIENT_KINDS } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectRecipients, reportCycleSettings, users } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/**
 * The demo project's mailed reports: the weekly report on Mondays at 0:30 and the monthly one on the 1st at
 * 0:00 (energy, cost and CO2), switched on at `now` so the first to go out is the next one due, and the
 * demo account an active recipient of every kind of mail in its language. Without SMTP_URL each mail is
 * printed and kept in the outbox (`npm run mail`); `/project/report/generation/automaticData` lists them.
 */
export async function seedDemoReports(tx: Db, pid: number, uid: number, now: Date): Promise<void> {
  const sections = [...DEFAULT_REPORT_CYCLE_SECTIONS];
  await tx
    .insert(reportCycleSettings)
    .values(
      (['weekly', 'monthly'] as const).map((cycle) => ({
        pid,
        cycle,
        enabled: true,
        sendDay: 1,
        sections,
        enabledAt: now,
        updatedBy: uid,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  const [owner] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, uid));
  if (!owner) return;
  await tx
    .insert(projectRecipients)
    .values({
      pid,
      email: owner.email,
      language: owner.language,
      kinds: [...RECIPIENT_KINDS],
      // Nobody holds this activation link: the demo account's address is active from the start.
      tokenHash: hashToken(newToken()),
      linkExpiresAt: now,
      activatedAt: now,
      createdBy: uid,
    })
    .onConflictDoNothing();
}
