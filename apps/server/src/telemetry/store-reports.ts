import { CLOCK_AHEAD_CODE, isStampedAhead, type ReportMessage } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gatewayDiagnoses } from '../db/schema.ts';
import { timeSlices, yieldToEventLoop } from '../lib/time-slices.ts';
import { assignDeltas, updateDeltas } from './deltas.ts';
import { type KnownElements, type ReadingDevice, type ReadingRow, readingRows } from './reading-rows.ts';
import { recomputeRollups } from './rollups.ts';
import { advanceMarks, claimReceipts, type MarkOutcome, receiptKey, recordGap, startStream } from './sequence.ts';
import { addUsage } from './usage.ts';
import { ensurePartitions, insertReadings, isPartitioned, ReadingsStoredBefore, rowsOf } from './write-readings.ts';

/** The gateway reports came from, as stored (the gateway link's `LinkedGateway`). */
export interface ReportingGateway {
  id: number;
  nid: number;
  sn: string;
}

/** Reports of one gateway received together (already applied where they also change device state). */
export interface GatewayReports {
  gateway: ReportingGateway;
  reports: ReportMessage[];
}

/** What to tell a gateway once its reports are committed: null while it has not started a stream. */
export interface StoreOutcome {
  gateway: ReportingGateway;
  mark: MarkOutcome | null;
  /** Its readings named devices the console does not know (no inventory yet): their readings were dropped. */
  strangers?: boolean;
}

type NumberedReport = Exclude<ReportMessage, { kind: 'lost' }>;

/** Reading rows per transaction: PostgreSQL takes large statements; PGlite runs each on the main thread. */
export const ROWS_PER_TRANSACTION = { pg: 1000, pglite: 250 };
/**
 * Devices per transaction: each is locked until the commit (`lockDevices`), and PostgreSQL's lock table is
 * shared by every session (64 × max_connections entries by default), so a transaction takes at most this many.
 */
export const DEVICES_PER_TRANSACTION = 2000;
/** Write transactions of one batch open at once on PostgreSQL. */
const TRANSACTIONS_IN_FLIGHT = 3;

/**
 * What storing needs of a known device: its id, rated power (counter rules), network time zone (days) and
 * elements (which are D4i, which dim linearly: declared sources and the estimate's levels).
 */
interface KnownDevice extends ReadingDevice {
  ratedPower: number | null;
  timeZone: string;
}

/** The element flags of a device as one query gives them: index, D4i, linear. */
function knownElements(list: [number, boolean, boolean][] | null): KnownElements {
  const d4i = new Set<number>();
  const linear = new Set<number>();
  for (const [index, isD4i, isLinear] of list ?? []) {
    if (isD4i) d4i.add(index);
    if (isLinear) linear.add(index);
  }
  return { d4i, linear };
}

/** The real devices the batch's readings name, by network and MAC: one statement for the whole batch. */
async function knownDevices(db: Db, batches: GatewayReports[]): Promise<Map<number, Map<string, KnownDevice>>> {
  const pairs = new Set<string>();
  const nids: number[] = [];
  const macs: string[] = [];
  for (const { gateway, reports } of batches) {
    for (const report of reports) {
      if (report.kind !== 'readings') continue;
      for (const device of report.devices) {
        const key = `${gateway.nid}:${device.mac}`;
        if (pairs.has(key)) continue;
        pairs.add(key);
        nids.push(gateway.nid);
        macs.push(device.mac);
      }
    }
  }
  const byNid = new Map<number, Map<string, KnownDevice>>();
  if (nids.length === 0) return byNid;
  const rows = await rowsOf<{
    id: number;
    nid: number;
    mac: string;
    rated_power: number | null;
    time_zone: string;
    elements: [number, boolean, boolean][] | null;
  }>(
    db,
    sql`SELECT d.id, d.nid, d.mac, d.rated_power, n.time_zone,
          (SELECT json_agg(json_build_array(e.index, e.is_d4i, e.is_linear)) FROM device_elements e
           WHERE e.device_id = d.id) AS elements
        FROM unnest(${sql.param(nids)}::int[], ${sql.param(macs)}::text[]) AS u(nid, mac)
        JOIN devices d ON d.nid = u.nid AND d.mac = u.mac AND d.is_virtual = false
        JOIN networks n ON n.id = d.nid`,
  );
  for (const row of rows) {
    const known = byNid.get(row.nid) ?? new Map<string, KnownDevice>();
    known.set(row.mac, {
      id: row.id,
      ratedPower: row.rated_power,
      timeZone: row.time_zone,
      elements: knownElements(row.elements),
    });
    byNid.set(row.nid, known);
  }
  return byNid;
}

/** One report with the reading rows it brings (for the devices the console knows). */
interface Unit {
  gateway: ReportingGateway;
  report: ReportMessage;
  rows: ReadingRow[];
}

/**
 * Stores a batch of reports of many gateways durably (docs/gateway-protocol.md "Durable reports"). In
 * transactions of about 1,000 reading rows on PostgreSQL (three at once) and 250 on PGlite (one at a time;
 * at most 2,000 devices each; yielding between them), the receipts (gateway, seq) of every gateway are
 * claimed in one statement together with the readings the new ones bring, written with their counter
 * deltas; the touched hourly and daily rollups are recomputed once per transaction; stream starts and lost
 * ranges are recorded. After each commit the
 * stored-up-to marks of that transaction's gateways are advanced from the database (one statement) and
 * handed to `onStored`, so a gateway hears of its reports as soon as they are committed, not only once a
 * large batch is done. Answers every outcome, in the order they were handed on.
 */
export async function storeReports(
  db: Db,
  batches: GatewayReports[],
  now: Date,
  onStored: (outcomes: StoreOutcome[]) => void = () => undefined,
): Promise<StoreOutcome[]> {
  const known = await knownDevices(db, batches);
  const embedded = !(await isPartitioned(db));
  const rowLimit = embedded ? ROWS_PER_TRANSACTION.pglite : ROWS_PER_TRANSACTION.pg;
  const devicesById = new Map<number, KnownDevice>();
  const outcomes: StoreOutcome[] = [];
  let chunk: Unit[] = [];
  let size = 0;
  let chunkDevices = new Set<number>();
  // On PostgreSQL the next transactions are prepared and sent while one commits (each on its own pooled
  // connection; the device locks order them where they share devices); PGlite runs one statement at a time.
  const inFlight = new Set<Promise<void>>();
  const failures: unknown[] = [];
  /** Gateways whose readings named a device the console does not know. */
  const strangers = new Set<number>();
  const store = async (units: Unit[]) => {
    await storeChunk(db, units, now, devicesById, embedded);
    const gateways = new Map(units.map(({ gateway }) => [gateway.id, gateway]));
    const marks = (await reportMarks(db, [...gateways.values()], now)).map((outcome) =>
      strangers.has(outcome.gateway.id) ? { ...outcome, strangers: true } : outcome,
    );
    outcomes.push(...marks);
    onStored(marks);
  };
  const flush = async () => {
    const stored = store(chunk);
    chunk = [];
    size = 0;
    chunkDevices = new Set();
    if (embedded) {
      await stored;
      await yieldToEventLoop();
      return;
    }
    const tracked: Promise<void> = stored
      .catch((error: unknown) => {
        failures.push(error);
      })
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= TRANSACTIONS_IN_FLIGHT) await Promise.race(inFlight);
    await yieldToEventLoop();
  };
  const pause = timeSlices();
  for (const { gateway, reports } of batches) {
    await pause();
    const devices = known.get(gateway.nid) ?? new Map<string, KnownDevice>();
    for (const device of devices.values()) devicesById.set(device.id, device);
    const units: Unit[] = [];
    for (const report of reports) {
      // Readings stamped too far ahead are refused: their receipt is kept (and confirmed), their rows are not.
      const rows =
        report.kind === 'readings' && !isStampedAhead(report, now)
          ? readingRows(gateway.id, report.seq, new Date(report.at * 1000), report.devices, devices)
          : [];
      if (report.kind === 'readings' && report.devices.some((device) => !devices.has(device.mac))) {
        strangers.add(gateway.id);
      }
      units.push({ gateway, report, rows });
    }
    // A gateway's reports go into one transaction where they fit: transactions in flight together then
    // share no device, so none waits for another's device locks (a gateway split over two made each wait
    // for the one before, and the three in flight ran one after the other).
    const fits = (added: Unit[]) => {
      let rows = 0;
      const more = new Set<number>();
      for (const unit of added) {
        rows += Math.max(1, unit.rows.length);
        for (const row of unit.rows) if (!chunkDevices.has(row.deviceId)) more.add(row.deviceId);
      }
      return size + rows <= rowLimit && chunkDevices.size + more.size <= DEVICES_PER_TRANSACTION;
    };
    if (chunk.length > 0 && !fits(units)) await flush();
    for (const unit of units) {
      // A gateway with more than a transaction takes is split between its reports.
      if (chunk.length > 0 && !fits([unit])) await flush();
      chunk.push(unit);
      size += Math.max(1, unit.rows.length);
      for (const row of unit.rows) chunkDevices.add(row.deviceId);
    }
  }
  if (chunk.length > 0) await flush();
  // Every transaction settled; a failed one left its reports unconfirmed (they come again): its error is thrown.
  await Promise.all(inFlight);
  if (failures.length > 0) throw failures[0];
  return outcomes;
}

/**
 * The stored-up-to mark of each gateway, advanced from the database, and the hole to ask for (throttled per
 * gateway across processes). Also for gateways that sent nothing new: a hole whose request was throttled is
 * asked for again later (the gateway link does, RESEND_REQUEST_INTERVAL_MS after), not only when the gateway
 * next sends.
 */
export async function reportMarks(db: Db, gateways: ReportingGateway[], now: Date): Promise<StoreOutcome[]> {
  const marks = await advanceMarks(db, [...new Set(gateways.map((gateway) => gateway.id))], now);
  return gateways.map((gateway) => ({ gateway, mark: marks.get(gateway.id) ?? null }));
}

/**
 * One transaction: receipts, stream starts, lost ranges and the readings of the newly kept reports. Run again
 * with `careful` writes when a reading's key turned out to be stored already (`ReadingsStoredBefore`).
 */
async function storeChunk(
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
