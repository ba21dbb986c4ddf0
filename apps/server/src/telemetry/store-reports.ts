import type { ReportMessage } from '@lightwell/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { devices } from '../db/schema.ts';
import { recomputeDeltas } from './deltas.ts';
import { type ReadingRow, readingRows } from './reading-rows.ts';
import { recomputeRollups } from './rollups.ts';
import { advanceMark, claimReceipts, type MarkOutcome, recordGap, startStream } from './sequence.ts';
import { ensurePartitions, insertReadings } from './write-readings.ts';

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

type ReadingsReport = Extract<ReportMessage, { kind: 'readings' }>;

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

/**
 * Stores a batch of reports durably (docs/gateway-protocol.md "Durable reports"): in one transaction,
 * receipts (gateway, seq) are claimed, the readings of newly kept `readings` reports are written, counter
 * deltas and the touched hourly and daily rollups are recomputed, stream starts and lost ranges are
 * recorded. After the commit each gateway's stored-up-to mark is advanced from the database.
 */
export async function storeReports(db: Db, batches: GatewayReports[], now: Date): Promise<StoreOutcome[]> {
  const idsByNid = await deviceIdsByMac(db, batches);
  const candidates: ReadingRow[] = [];
  for (const { gateway, reports } of batches) {
    for (const report of reports) {
      if (report.kind !== 'readings') continue;
      const ids = idsByNid.get(gateway.nid) ?? new Map<string, number>();
      candidates.push(...readingRows(gateway.id, report.seq, new Date(report.at * 1000), report.devices, ids));
    }
  }
  await ensurePartitions(
    db,
    candidates.map((row) => row.at),
  );
  await db.transaction(async (tx) => {
    const rows: ReadingRow[] = [];
    for (const { gateway, reports } of batches) {
      for (const report of reports) {
        if (report.kind === 'streamStart') await startStream(tx, gateway.id, report.seq, now);
        if (report.kind === 'lost') await recordGap(tx, gateway.id, report.from, report.to, 'lost', now);
      }
      const numbered = reports.filter((report) => report.kind !== 'lost');
      const fresh = await claimReceipts(
        tx,
        gateway.id,
        numbered.map((report) => ({ seq: report.seq, kind: report.kind })),
        now,
      );
      const freshReadings = new Set(
        numbered
          .filter((report): report is ReadingsReport => report.kind === 'readings' && fresh.has(report.seq))
          .map((report) => report.seq),
      );
      rows.push(...candidates.filter((row) => row.gatewayId === gateway.id && freshReadings.has(row.seq)));
    }
    await writeReadings(tx, rows);
  });
  const outcomes: StoreOutcome[] = [];
  for (const { gateway } of batches) outcomes.push({ gateway, mark: await advanceMark(db, gateway.id, now) });
  return outcomes;
}

/** Writes new raw readings and recomputes what depends on them (deltas, rollups, trigger counts). */
async function writeReadings(db: Db, rows: ReadingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await lockDevices(db, [...new Set(rows.map((row) => row.deviceId))]);
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
