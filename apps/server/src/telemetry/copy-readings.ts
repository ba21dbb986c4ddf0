import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/client.ts';
import type { ReadingRow } from './reading-rows.ts';

/*
 * Raw readings written with COPY on PostgreSQL (text format, one line per reading): the cheapest way in for
 * PostgreSQL, and for the console, which writes one string instead of 21 arrays of parameters. PGlite keeps
 * the `INSERT … SELECT FROM unnest(…)` of write-readings.ts.
 */

/** The columns a reading is written with, in the order of its COPY line (and of the unnest insert). */
export const READING_COLUMNS =
  'gateway_id, seq, device_id, element, at, energy_raw, energy_scale, energy_serial, energy_source, energy_status, ' +
  'power_w, power_status, on_seconds, mean_lightness, rated_seconds, triggers, occupied_seconds, d4i, delta_wh, ' +
  'delta_status, spread_from';

/** PostgreSQL's unique violation: a key of the copied rows is kept already (or named twice). */
const UNIQUE_VIOLATION = '23505';

/** A text value as COPY's text format reads it: backslash, tab and line ends escaped. */
function text(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}

const orNull = (value: number | string | null) =>
  value === null ? '\\N' : typeof value === 'number' ? String(value) : text(value);

/** One reading as a COPY text line (columns as `READING_COLUMNS`). */
function copyLine(row: ReadingRow): string {
  return [
    row.gatewayId,
    row.seq,
    row.deviceId,
    row.element,
    row.at.toISOString(),
    orNull(row.energyRaw),
    orNull(row.energyScale),
    orNull(row.energySerial),
    orNull(row.energySource),
    orNull(row.energyStatus),
    orNull(row.powerW),
    orNull(row.powerStatus),
    orNull(row.onSeconds),
    orNull(row.meanLightness),
    orNull(row.ratedSeconds),
    orNull(row.triggers),
    orNull(row.occupiedSeconds),
    row.d4i ? text(JSON.stringify(row.d4i)) : '\\N',
    orNull(row.deltaWh),
    orNull(row.deltaStatus),
    row.spreadFrom ? row.spreadFrom.toISOString() : '\\N',
  ].join('\t');
}

/**
 * The node-postgres client a transaction runs on (drizzle keeps it as its session's client), or null (PGlite,
 * or a pool outside a transaction: COPY needs the transaction's own connection).
 */
export function transactionClient(db: Db): PoolClient | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof client !== 'object' || !('release' in client)) return null;
  return client as PoolClient;
}

/**
 * Writes `rows` into `telemetry_readings` with one COPY on `client` (inside the caller's transaction); answers
 * how many PostgreSQL wrote. A key kept already (or named twice) fails the COPY, and with it the transaction:
 * then it answers 0, and the caller runs the transaction again the careful way (write-readings.ts).
 */
export async function copyReadings(client: PoolClient, rows: readonly ReadingRow[]): Promise<number> {
  let body = '';
  for (const row of rows) body += `${copyLine(row)}\n`;
  const stream = client.query(copyFrom(`COPY telemetry_readings (${READING_COLUMNS}) FROM STDIN`));
  try {
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('finish', resolve);
      stream.end(body);
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 0;
    throw error;
  }
  return stream.rowCount;
}
