import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Rows of a raw query, the same on node-postgres and PGlite. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a read over many rollup rows, in a transaction without JIT compilation (PostgreSQL's cost guesses
 * for ranges with bounds from a join pass its threshold, and compiling took longer than the reads: 55 ms of
 * a month's 2 ms read by the month at 1,000 devices) and, when given, with `workMem` for grouping in memory.
 */
export async function rowsOfRange<T>(db: Db, query: SQL, workMem?: string): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    if (workMem) await tx.execute(sql`SELECT set_config('work_mem', ${workMem}, true)`);
    return rowsOf<T>(tx as unknown as Db, query);
  });
}
