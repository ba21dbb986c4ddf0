import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * Columns that change on requests that are rightly refused, left out of the checksums:
 * - `sessions.last_used_at`: the owner's session is touched when it is used (at most once a minute, and a
 *   long run spans minutes); touching it is what a signed request does before its body is judged.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  sessions: ['last_used_at'],
};

/** Every base table of the database, as `schema.table`. */
async function tableNames(db: Db): Promise<{ schema: string; table: string }[]> {
  const result = await db.execute(sql`
    SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
    ORDER BY 1, 2`);
  return (result as unknown as { rows: { schema: string; table: string }[] }).rows;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A row count and an md5 of the sorted rows (as JSON, volatile columns left out) of every table:
 * equal checksums before and after a batch mean the batch changed nothing.
 */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const tables = await tableNames(db);
  const parts = tables.map(({ schema, table }) => {
    const dropped = (VOLATILE_COLUMNS[table] ?? []).map((column) => ` - '${column}'`).join('');
    return `SELECT '${schema}.${table}' AS name, count(*) || ':' || md5(coalesce(string_agg(row, '|' ORDER BY row), '')) AS sum
      FROM (SELECT (to_jsonb(x)${dropped})::text AS row FROM ${quoted(schema)}.${quoted(table)} x) rows`;
  });
  const result = await db.execute(sql.raw(parts.join('\nUNION ALL\n')));
  const rows = (result as unknown as { rows: { name: string; sum: string }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose checksum differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
