import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/* Per-device telemetry locks: every write of a device's readings, rollups or months holds its device's. */

/**
 * Devices per transaction: each is locked until the commit (`lockDevices`), and PostgreSQL's lock table is
 * shared by every session (64 × max_connections entries by default), so a transaction takes at most this many.
 */
export const DEVICES_PER_TRANSACTION = 2000;

/** Advisory lock space of telemetry writes per device (first key; the device id is the second). */
const DEVICE_LOCK = 7_316_002;

/**
 * Serialises telemetry writes per device across server processes until the commit: a process storing a
 * device's readings waits for another one storing neighbouring readings, then sees them, so counter deltas
 * and rollups are computed over every committed reading. Taken in id order, so two writers cannot deadlock.
 */
export async function lockDevices(db: Db, deviceIds: number[]): Promise<void> {
  await db.execute(
    sql`SELECT count(pg_advisory_xact_lock(${DEVICE_LOCK}, s.id)) FROM
        (SELECT id FROM unnest(${sql.param(deviceIds)}::int[]) AS id ORDER BY id) AS s`,
  );
}
