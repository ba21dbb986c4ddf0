import type { RecipientKind } from '@lightwell/domain';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectRecipients, recipientPreferences } from '../../db/schema.ts';

/** A recipient a report goes to: who, in which language (code 0-3), and whether the CSV goes along. */
export interface ReportRecipient {
  id: number;
  email: string;
  language: number;
  csv: boolean;
}

/**
 * The recipients of project `pid` who get mail of `kind` now: activated, taking the kind, not paused by
 * an editor (the same rule as `activeRecipients`), with their CSV wish, by address.
 */
export async function reportRecipients(db: Db, pid: number, kind: RecipientKind): Promise<ReportRecipient[]> {
  const rows = await db
    .select({
      id: projectRecipients.id,
      email: projectRecipients.email,
      language: projectRecipients.language,
      csv: recipientPreferences.csv,
    })
    .from(projectRecipients)
    .leftJoin(recipientPreferences, eq(recipientPreferences.recipientId, projectRecipients.id))
    .where(
      and(
        eq(projectRecipients.pid, pid),
        isNotNull(projectRecipients.activatedAt),
        sql`${kind} = ANY(${projectRecipients.kinds})`,
        isNull(recipientPreferences.pausedAt),
      ),
    )
    .orderBy(asc(projectRecipients.email));
  return rows.map((row) => ({ id: row.id, email: row.email, language: row.language, csv: row.csv ?? false }));
}
