import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

const journalFile = new URL('./migrations/meta/_journal.json', import.meta.url);

let newest: number | undefined;

/** The newest migration's time stamp in the journal drizzle-kit writes, read once. */
function newestMigration(): number {
  if (newest === undefined) {
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
    newest = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newest;
}

/** Whether the database answers a query at all (one round trip, no table read). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the database has every migration this build ships: the last one drizzle recorded is the newest in
 * the journal (a read of the small migrations table). False while another process still migrates it.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const [row] = await rowsOf<{ last: string | null }>(
      db,
      sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
    );
    return row?.last != null && Number(row.last) >= newestMigration();
  } catch {
    return false;
  }
}
