import { CLOCK_AHEAD_CODE, isStampedAhead } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gatewayDiagnoses } from '../db/schema.ts';
import { yieldToEventLoop } from '../lib/time-slices.ts';
import { assignDeltas, updateDeltas } from './deltas.ts';
import { lockDevices } from './device-locks.ts';
import type { KnownDevice } from './known-devices.ts';
import type { ReadingRow } from './reading-rows.ts';
import type { NumberedReport, Unit } from './report-batches.ts';
import { recomputeRollups } from './rollups.ts';
import { claimReceipts, receiptKey, recordGap, startStream } from './sequence.ts';
import { addUsage } from './usage.ts';
import { ensurePartitions, insertReadings, ReadingsStoredBefore } from './write-readings.ts';

/*
 * One transaction of `storeReports`: receipts, stream starts, lost ranges, clock faults, and the readings of
 * the newly kept reports with what depends on them (counter deltas, usage time, rollups).
 */

/**
 * One transaction: receipts, stream starts, lost ranges and the readings of the newly kept reports. Run again
 * with `careful` writes when a reading's key turned out to be stored already (`ReadingsStoredBefore`).
 */
export async function storeChunk(
  db: Db,
  units: Unit[],
  now: Date,
  devices: Map<number, KnownDevice>,
  embedded: boolean,
): Promise<void> {
  await ensurePartitions(
    db,
    units.flatMap((unit) => unit.rows.map((row) => row.at)),
  );
  try {
    await storeTransaction(db, units, now, devices, { embedded });
  } catch (error) {
    if (!(error instanceof ReadingsStoredBefore)) throw error;
    await storeTransaction(db, units, now, devices, { embedded, careful: true });
  }
}

async function storeTransaction(
  db: Db,
  units: Unit[],
  now: Date,
  devices: Map<number, KnownDevice>,
  mode: WriteMode,
): Promise<void> {
  await db.transaction(async (tx) => {
    // These statements are short index walks; PostgreSQL's cost guesses for them (unnest of thousands of rows,
    // laterals) pass the JIT threshold, and compiling took longer than running them. PGlite has no JIT.
    if (!mode.embedded) await tx.execute(sql`SET LOCAL jit = off`);
    for (const { gateway, report } of units) {
      if (report.kind === 'streamStart') await startStream(tx, gateway.id, report.seq, now);
      if (report.kind === 'lost') await recordGap(tx, gateway.id, report.from, report.to, 'lost', now);
    }
    const numbered = units.filter((unit) => unit.report.kind !== 'lost');
    const fresh = await claimReceipts(
      tx,
      numbered.map(({ gateway, report }) => ({
        gatewayId: gateway.id,
        seq: (report as NumberedReport).seq,
        kind: report.kind,
      })),
      now,
    );
    const rows: ReadingRow[] = [];
    const ahead: Unit[] = [];
    for (const unit of numbered) {
      // A number named twice in one batch is kept once, with the readings of its first copy.
      const key = receiptKey(unit.gateway.id, (unit.report as NumberedReport).seq);
      if (!fresh.delete(key)) continue;
      if (isStampedAhead(unit.report, now)) ahead.push(unit);
      for (const row of unit.rows) rows.push(row);
    }
    await fileClockFaults(tx, ahead, now);
    await writeReadings(tx, rows, devices, now, mode);
  });
}

/**
 * A report refused for its stamp (more than `CLOCK_AHEAD_MAX_SECONDS` ahead) is a fault of the gateway's
 * clock: one `clockAhead` warning per report in the gateway's diagnosis list, at the time it was received,
 * naming the stamp and how far ahead it was. Only a newly kept report files one (a resent copy does not).
 */
async function fileClockFaults(db: Db, units: Unit[], now: Date): Promise<void> {
  if (units.length === 0) return;
  await db.insert(gatewayDiagnoses).values(
    units.map(({ gateway, report }) => {
      const at = (report as { at: number }).at;
      const ahead = Math.round(at - now.getTime() / 1000);
      return {
        gatewayId: gateway.id,
        level: 'warning',
        code: CLOCK_AHEAD_CODE,
        message: `Report ${(report as NumberedReport).seq} (${report.kind}) stamped ${new Date(at * 1000).toISOString()}, ${ahead} s ahead of the console: its readings were refused. Set the gateway's clock.`,
        at: now,
      };
    }),
  );
}

/** How readings are written: `embedded` on PGlite, `careful` when a key may be stored already. */
interface WriteMode {
  embedded: boolean;
  careful?: boolean;
}

/**
 * Writes new raw readings and what depends on them: the devices are locked, the counter deltas of the new
 * rows computed from their stored neighbours, the rows inserted and their on-time added to the devices'
 * usage time, stored deltas moved by late readings updated, the touched hourly rollups added to or
 * recomputed, the daily ones and trigger counts recomputed.
 */
async function writeReadings(
  db: Db,
  rows: ReadingRow[],
  devices: Map<number, KnownDevice>,
  now: Date,
  mode: WriteMode,
): Promise<void> {
  if (rows.length === 0) return;
  const { embedded } = mode;
  // PGlite runs each statement on the main thread: let timers and I/O in between them.
  const breathe = () => (embedded ? yieldToEventLoop() : Promise.resolve());
  const deviceIds = new Set<number>();
  const triggered = new Set<number>();
  for (const row of rows) {
    deviceIds.add(row.deviceId);
    if (row.triggers !== null && row.triggers > 0) triggered.add(row.deviceId);
  }
  // Every device of the transaction at once, in id order: two writers can never wait for each other. PGlite
  // serves one process and runs one transaction at a time: nothing to wait for.
  if (!embedded) await lockDevices(db, [...deviceIds]);
  const ratedPower = new Map<number, number | null>();
  const zones = new Map<number, string>();
  for (const id of deviceIds) {
    const device = devices.get(id);
    ratedPower.set(id, device?.ratedPower ?? null);
    if (device) zones.set(id, device.timeZone);
  }
  const { moved, spreadTimes } = await assignDeltas(db, rows, ratedPower);
  // Hours to recompute from their readings: those a spread delta or a moved stored delta touches (a new row
  // spread over a gap too, rollups.ts); the hours that only gain new rows get the rows' sums added.
  const recompute = new Map<number, Date[]>();
  const again = (deviceId: number, at: Date) => {
    const list = recompute.get(deviceId);
    if (list) list.push(at);
    else recompute.set(deviceId, [at]);
  };
  for (const [deviceId, ats] of spreadTimes) for (const at of ats) again(deviceId, at);
  await breathe();
  const written = await insertReadings(db, rows, mode);
  await addUsage(db, usageOf(written), now);
  await breathe();
  if (moved.length > 0) {
    await updateDeltas(db, moved);
    for (const update of moved) again(update.deviceId, update.at);
  }
  await recomputeRollups(db, recompute, triggered, zones, breathe, written, now);
}

/**
 * The on-time the written rows add to each device's usage time: per report the longest of its elements
 * (two channels of one luminaire lit together are one light on), summed over reports.
 */
function usageOf(rows: ReadingRow[]): Map<number, number> {
  const longest = new Map<string, { deviceId: number; seconds: number }>();
  for (const row of rows) {
    if (!row.onSeconds) continue;
    const key = `${row.gatewayId}:${row.seq}:${row.deviceId}`;
    const seen = longest.get(key);
    if (!seen) longest.set(key, { deviceId: row.deviceId, seconds: row.onSeconds });
    else seen.seconds = Math.max(seen.seconds, row.onSeconds);
  }
  const usage = new Map<number, number>();
  for (const { deviceId, seconds } of longest.values()) usage.set(deviceId, (usage.get(deviceId) ?? 0) + seconds);
  return usage;
}
