import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ReadingRow } from './reading-rows.ts';

/** Rows of a raw query, the same on node-postgres and PGlite. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

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
 * Writes new raw readings, with their counter deltas, with `INSERT … SELECT FROM unnest(…)` (one array per
 * column) in statements of at most `size` rows (the caller yields between transactions). The rows come from
 * reports whose receipt the same transaction just claimed, so none is kept yet; a key already kept (or named
 * twice) is skipped. Answers the rows written: what the hourly rollups may add up (rollups.ts).
 */
export async function insertReadings(db: Db, rows: ReadingRow[]): Promise<ReadingRow[]> {
  const size = (await isPartitioned(db)) ? 5000 : 500;
  const keyOf = (gatewayId: number, seq: number | string, deviceId: number, element: number, at: Date) =>
    `${gatewayId}:${seq}:${deviceId}:${element}:${at.getTime()}`;
  const written: ReadingRow[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    const col = <K extends keyof ReadingRow>(key: K, map: (value: ReadingRow[K]) => unknown = (v) => v) =>
      sql.param(chunk.map((row) => map(row[key])));
    const inserted = await rowsOf<{ gateway_id: number; seq: string; device_id: number; element: number; at: Date }>(
      db,
      sql`INSERT INTO telemetry_readings (gateway_id, seq, device_id, element, at, energy_raw, energy_scale,
            energy_serial, energy_source, energy_status, power_w, power_status, on_seconds, triggers,
            occupied_seconds, d4i, delta_wh, delta_status, spread_from)
          SELECT * FROM unnest(${col('gatewayId')}::int[], ${col('seq')}::bigint[], ${col('deviceId')}::int[],
            ${col('element')}::smallint[], ${col('at', (at) => at.toISOString())}::timestamptz[],
            ${col('energyRaw')}::bigint[], ${col('energyScale')}::smallint[], ${col('energySerial')}::text[],
            ${col('energySource')}::text[], ${col('energyStatus')}::text[], ${col('powerW')}::numeric[],
            ${col('powerStatus')}::text[], ${col('onSeconds')}::int[], ${col('triggers')}::int[],
            ${col('occupiedSeconds')}::int[], ${col('d4i', (d4i) => (d4i ? JSON.stringify(d4i) : null))}::jsonb[],
            ${col('deltaWh')}::numeric[], ${col('deltaStatus')}::text[],
            ${col('spreadFrom', (from) => from?.toISOString() ?? null)}::timestamptz[])
          ON CONFLICT DO NOTHING
          RETURNING gateway_id, seq, device_id, element, at`,
    );
    const kept = new Set(
      inserted.map((row) => keyOf(row.gateway_id, row.seq, row.device_id, row.element, new Date(row.at))),
    );
    for (const row of chunk) {
      const key = keyOf(row.gatewayId, row.seq, row.deviceId, row.element, row.at);
      // A row named twice in the chunk was written once.
      if (kept.delete(key)) written.push(row);
    }
  }
  return written;
}
