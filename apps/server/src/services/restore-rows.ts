import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Rows written per statement. */
const BATCH = 500;

/** The value an upsert proposed for `column` (`excluded.<column>`). */
export const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

/** A list in slices of the rows written per statement. */
export function batches<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += BATCH) out.push(list.slice(start, start + BATCH));
  return out;
}
