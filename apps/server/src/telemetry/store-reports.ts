import type { ReportMessage } from '@lightwell/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { devices } from '../db/schema.ts';
import { recomputeDeltas } from './deltas.ts';
import { type ReadingRow, readingRows } from './reading-rows.ts';
import { recomputeRollups } from './rollups.ts';
import { advanceMark, claimReceipts, type MarkOutcome, recordGap, startStream } from './sequence.ts';
import { ensurePartitions, insertReadings, isPartitioned } from './write-readings.ts';

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
}

type NumberedReport = Exclude<ReportMessage, { kind: 'lost' }>;

/** Device ids by MAC of the networks of the batch's gateways (real devices only). */
async function deviceIdsByMac(db: Db, batches: GatewayReports[]): Promise<Map<number, Map<string, number>>> {
  const macsByNid = new Map<number, Set<string>>();
  for (const { gateway, reports } of batches) {
    for (const report of reports) {
      if (report.kind !== 'readings') continue;
      const macs = macsByNid.get(gateway.nid) ?? new Set<string>();
      for (const device of report.devices) macs.add(device.mac);
      macsByNid.set(gateway.nid, macs);
    }
  }
  const byNid = new Map<number, Map<string, number>>();
  for (const [nid, macs] of macsByNid) {
    const rows = await db
      .select({ id: devices.id, mac: devices.mac })
      .from(devices)
      .where(and(eq(devices.nid, nid), eq(devices.isVirtual, false), inArray(devices.mac, [...macs])));
    byNid.set(nid, new Map(rows.map((row) => [row.mac, row.id])));
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
 * Stores a batch of reports durably (docs/gateway-protocol.md "Durable reports"). In transactions of
 * about 5,000 reading rows on PostgreSQL and 500 on PGlite (yielding between them), each report's receipt
 * (gateway, seq) is claimed together with the readings it brings; counter deltas and the touched hourly
 * and daily rollups are recomputed; stream starts and lost ranges are recorded. After the commits each
 * gateway's stored-up-to mark is advanced from the database.
 */
export async function storeReports(db: Db, batches: GatewayReports[], now: Date): Promise<StoreOutcome[]> {
  const idsByNid = await deviceIdsByMac(db, batches);
  const limit = (await isPartitioned(db)) ? 5000 : 500;
  let chunk: Unit[] = [];
  let size = 0;
  for (const { gateway, reports } of batches) {
    const ids = idsByNid.get(gateway.nid) ?? new Map<string, number>();
    for (const report of reports) {
      const rows =
        report.kind === 'readings'
          ? readingRows(gateway.id, report.seq, new Date(report.at * 1000), report.devices, ids)
          : [];
      chunk.push({ gateway, report, rows });
      size += Math.max(1, rows.length);
      if (size >= limit) {
        await storeChunk(db, chunk, now);
        await new Promise<void>((resolve) => setImmediate(resolve));
        chunk = [];
        size = 0;
      }
    }
  }
  if (chunk.length > 0) await storeChunk(db, chunk, now);
  const outcomes: StoreOutcome[] = [];
  for (const { gateway } of batches) outcomes.push({ gateway, mark: await advanceMark(db, gateway.id, now) });
  return outcomes;
}

/** One transaction: receipts, stream starts, lost ranges and the readings of the newly kept reports. */
async function storeChunk(db: Db, units: Unit[], now: Date): Promise<void> {
  await ensurePartitions(
    db,
    units.flatMap((unit) => unit.rows.map((row) => row.at)),
  );
  const byGateway = new Map<number, Unit[]>();
  for (const unit of units) {
    const list = byGateway.get(unit.gateway.id);
    if (list) list.push(unit);
    else byGateway.set(unit.gateway.id, [unit]);
  }
  await db.transaction(async (tx) => {
    const rows: ReadingRow[] = [];
    for (const [gatewayId, list] of byGateway) {
      for (const { report } of list) {
        if (report.kind === 'streamStart') await startStream(tx, gatewayId, report.seq, now);
        if (report.kind === 'lost') await recordGap(tx, gatewayId, report.from, report.to, 'lost', now);
      }
      const numbered = list.filter((unit) => unit.report.kind !== 'lost');
      const fresh = await claimReceipts(
        tx,
        gatewayId,
        numbered.map(({ report }) => ({ seq: (report as NumberedReport).seq, kind: report.kind })),
        now,
      );
      for (const unit of numbered) if (fresh.has((unit.report as NumberedReport).seq)) rows.push(...unit.rows);
    }
    await writeReadings(tx, rows);
  });
}

/**
 * Writes new raw readings and what depends on them in groups of whole devices: near 500 rows on PGlite
 * (each statement blocks the event loop; it yields between groups), 5,000 on PostgreSQL.
 */
async function writeReadings(db: Db, rows: ReadingRow[]): Promise<void> {
  if (rows.length === 0) return;
  // Every device of the transaction at once, in id order: two writers can never wait for each other.
  await lockDevices(db, [...new Set(rows.map((row) => row.deviceId))]);
  const limit = (await isPartitioned(db)) ? 5000 : 500;
  const byDevice = new Map<number, ReadingRow[]>();
  for (const row of rows) {
    const list = byDevice.get(row.deviceId);
    if (list) list.push(row);
    else byDevice.set(row.deviceId, [row]);
  }
  let group: ReadingRow[] = [];
  for (const list of byDevice.values()) {
    if (group.length > 0 && group.length + list.length > limit) {
      await writeDeviceGroup(db, group);
      await new Promise<void>((resolve) => setImmediate(resolve));
      group = [];
    }
    group.push(...list);
  }
  if (group.length > 0) await writeDeviceGroup(db, group);
}

/** Writes the raw readings of some devices and recomputes their deltas, rollups and trigger counts. */
async function writeDeviceGroup(db: Db, rows: ReadingRow[]): Promise<void> {
  const inserted = await insertReadings(db, rows);
  const changed = await recomputeDeltas(db, inserted);
  const times = new Map<number, Date[]>();
  const triggered = new Set<number>();
  const add = (deviceId: number, at: Date) => {
    const list = times.get(deviceId);
    if (list) list.push(at);
    else times.set(deviceId, [at]);
  };
  for (const row of inserted) {
    add(row.deviceId, row.at);
    if (row.triggers !== null && row.triggers > 0) triggered.add(row.deviceId);
  }
  for (const [deviceId, ats] of changed) for (const at of ats) add(deviceId, at);
  await recomputeRollups(db, times, triggered);
}

/** Advisory lock space of telemetry writes per device (first key; the device id is the second). */
const DEVICE_LOCK = 7_316_002;

/**
 * Serialises telemetry writes per device across server processes until the commit: a process storing a
 * device's readings waits for another one storing neighbouring readings, then sees them, so counter deltas
 * and rollups are computed over every committed reading. Taken in id order, so two writers cannot deadlock.
 */
async function lockDevices(db: Db, deviceIds: number[]): Promise<void> {
  await db.execute(
    sql`SELECT count(pg_advisory_xact_lock(${DEVICE_LOCK}, s.id)) FROM
        (SELECT id FROM unnest(${sql.param(deviceIds)}::int[]) AS id ORDER BY id) AS s`,
  );
}
