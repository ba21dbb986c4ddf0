import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { copyReadings, READING_COLUMNS, transactionClient } from './copy-readings.ts';
import type { ReadingRow } from './reading-rows.ts';

const partitionedByDb = new WeakMap<Db, Promise<boolean>>();
/** Whether `telemetry_readings` is partitioned (PostgreSQL) or one table (PGlite); asked once per database. */
export function isPartitioned(db: Db): Promise<boolean> {
  let known = partitionedByDb.get(db);
  if (!known) {
    known = rowsOf<{ kind: string }>(
      db,
      sql`SELECT c.relkind::text AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relname = 'telemetry_readings'`,
    ).then((rows) => rows[0]?.kind === 'p');
    partitionedByDb.set(db, known);
  }
  return known;
}

/** First instant (UTC) of the month holding `at`. */
export const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const partitionName = (month: Date) =>
  `telemetry_readings_${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** Months whose partition this process has seen exist. */
const ensuredByDb = new WeakMap<Db, Set<number>>();

/**
 * PostgreSQL: creates the month partitions `rows` need (outside the write's transaction: DDL in it would
 * lock the parent for every other writer). Two processes creating one partition together: one wins.
 */
export async function ensurePartitions(db: Db, ats: Date[]): Promise<void> {
  if (!(await isPartitioned(db))) return;
  const ensured = ensuredByDb.get(db) ?? new Set<number>();
  ensuredByDb.set(db, ensured);
  const months = new Set(ats.map((at) => monthStart(at).getTime()));
  for (const month of months) {
    if (ensured.has(month)) continue;
    const from = new Date(month);
    const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    try {
      await db.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS "${partitionName(from)}" PARTITION OF telemetry_readings
           FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
        ),
      );
    } catch (error) {
      // Created by another process at the same moment (duplicate relation): fine; anything else is not.
      const exists = await rowsOf(db, sql`SELECT 1 FROM pg_class WHERE relname = ${partitionName(from)}`);
      if (exists.length === 0) throw error;
    }
    ensured.add(month);
  }
}

/**
 * A key of the readings being written was stored already. The receipts claimed in the same transaction make
 * that impossible for the reports' own rows (and each report names an element once), so the transaction is
 * run again, this time asking which rows were written (`insertReadings` with `careful`).
 */
export class ReadingsStoredBefore extends Error {
  constructor() {
    super('a reading key was stored already; storing again, carefully');
  }
}

const keyOf = (gatewayId: number, seq: number | string, deviceId: number, element: number, at: Date) =>
  `${gatewayId}:${seq}:${deviceId}:${element}:${at.getTime()}`;

/**
 * Writes new raw readings, with their counter deltas. On PostgreSQL with one COPY per 5,000 rows
 * (copy-readings.ts); on PGlite, and on PostgreSQL when run `careful`, with `INSERT … SELECT FROM unnest(…)`
 * (one array per column) in statements of at most 5,000 rows on PostgreSQL and 500 on PGlite (the caller
 * yields between transactions). The rows come from reports whose receipt the same transaction just claimed, so
 * none is kept yet: a write answers only how many it wrote, and `ReadingsStoredBefore` is thrown when that is
 * fewer than it was given (a COPY meeting a kept key fails with the transaction). `careful` (the transaction
 * run again after that) asks for each written key instead and skips a key already kept (or named twice).
 * Answers the rows written: what the hourly rollups may add up (rollups.ts).
 */
export async function insertReadings(
  db: Db,
  rows: ReadingRow[],
  { embedded, careful = false }: { embedded: boolean; careful?: boolean },
): Promise<ReadingRow[]> {
  const size = embedded ? 500 : 5000;
  const written: ReadingRow[] = [];
  const client = embedded || careful ? null : transactionClient(db);
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    if (client) {
      if ((await copyReadings(client, chunk)) !== chunk.length) throw new ReadingsStoredBefore();
      for (const row of chunk) written.push(row);
      continue;
    }
    const col = <K extends keyof ReadingRow>(key: K, map: (value: ReadingRow[K]) => unknown = (v) => v) =>
      sql.param(chunk.map((row) => map(row[key])));
    const insert = sql`INSERT INTO telemetry_readings (${sql.raw(READING_COLUMNS)})
          SELECT * FROM unnest(${col('gatewayId')}::int[], ${col('seq')}::bigint[], ${col('deviceId')}::int[],
            ${col('element')}::smallint[], ${col('at', (at) => at.toISOString())}::timestamptz[],
            ${col('energyRaw')}::bigint[], ${col('energyScale')}::smallint[], ${col('energySerial')}::text[],
            ${col('energySource')}::text[], ${col('energyStatus')}::text[], ${col('powerW')}::numeric[],
            ${col('powerStatus')}::text[], ${col('onSeconds')}::int[], ${col('meanLightness')}::numeric[],
            ${col('ratedSeconds')}::numeric[], ${col('triggers')}::int[],
            ${col('occupiedSeconds')}::int[], ${col('d4i', (d4i) => (d4i ? JSON.stringify(d4i) : null))}::jsonb[],
            ${col('deltaWh')}::numeric[], ${col('deltaStatus')}::text[],
            ${col('spreadFrom', (from) => from?.toISOString() ?? null)}::timestamptz[])
          ON CONFLICT DO NOTHING`;
    if (!careful) {
      // A count, not the rows: reading back a row per reading cost a tenth of the write on PGlite.
      const [count] = await rowsOf<{ n: number }>(
        db,
        sql`WITH w AS (${insert} RETURNING 1) SELECT count(*)::int AS n FROM w`,
      );
      if (count?.n !== chunk.length) throw new ReadingsStoredBefore();
      for (const row of chunk) written.push(row);
      continue;
    }
    const inserted = await rowsOf<{ gateway_id: number; seq: string; device_id: number; element: number; at: Date }>(
      db,
      sql`${insert} RETURNING gateway_id, seq, device_id, element, at`,
    );
    const kept = new Set(
      inserted.map((row) => keyOf(row.gateway_id, row.seq, row.device_id, row.element, new Date(row.at))),
    );
    for (const row of chunk) {
      const key = keyOf(row.gatewayId, row.seq, row.deviceId, row.element, row.at);
      // A row named twice was written once.
      if (kept.delete(key)) written.push(row);
    }
  }
  return written;
}
