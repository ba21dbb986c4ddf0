import { isStampedAhead, type ReportMessage } from '@lightwell/domain';
import type { Db } from '../db/client.ts';
import { timeSlices, yieldToEventLoop } from '../lib/time-slices.ts';
import { DEVICES_PER_TRANSACTION } from './device-locks.ts';
import { type KnownDevice, knownDevices } from './known-devices.ts';
import { readingRows } from './reading-rows.ts';
import type { GatewayReports, ReportingGateway, StoreOutcome, Unit } from './report-batches.ts';
import { advanceMarks } from './sequence.ts';
import { storeChunk } from './store-transaction.ts';
import { isPartitioned } from './write-readings.ts';

export type { GatewayReports, ReportingGateway, StoreOutcome } from './report-batches.ts';

/** Reading rows per transaction: PostgreSQL takes large statements; PGlite runs each on the main thread. */
export const ROWS_PER_TRANSACTION = { pg: 1000, pglite: 250 };
/** Write transactions of one batch open at once on PostgreSQL. */
const TRANSACTIONS_IN_FLIGHT = 3;

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
  const devicesById = new Map<number, KnownDevice>();
  const outcomes: StoreOutcome[] = [];
  /** Gateways whose readings named a device the console does not know. */
  const strangers = new Set<number>();
  const chunk = new Chunk(embedded ? ROWS_PER_TRANSACTION.pglite : ROWS_PER_TRANSACTION.pg);
  const writer = transactionWriter(embedded, async (units) => {
    await storeChunk(db, units, now, devicesById, embedded);
    const gateways = new Map(units.map(({ gateway }) => [gateway.id, gateway]));
    const marks = (await reportMarks(db, [...gateways.values()], now)).map((outcome) =>
      strangers.has(outcome.gateway.id) ? { ...outcome, strangers: true } : outcome,
    );
    outcomes.push(...marks);
    onStored(marks);
  });
  const pause = timeSlices();
  for (const { gateway, reports } of batches) {
    await pause();
    const devices = known.get(gateway.nid) ?? new Map<string, KnownDevice>();
    for (const device of devices.values()) devicesById.set(device.id, device);
    const units = unitsOf(gateway, reports, devices, now, strangers);
    // A gateway's reports go into one transaction where they fit: transactions in flight together then
    // share no device, so none waits for another's device locks (a gateway split over two made each wait
    // for the one before, and the three in flight ran one after the other).
    if (!chunk.empty && !chunk.fits(units)) await writer.write(chunk.take());
    for (const unit of units) {
      // A gateway with more than a transaction takes is split between its reports.
      if (!chunk.empty && !chunk.fits([unit])) await writer.write(chunk.take());
      chunk.add(unit);
    }
  }
  if (!chunk.empty) await writer.write(chunk.take());
  await writer.settle();
  return outcomes;
}

/** A gateway's reports as units, with the reading rows of its known devices; notes a gateway naming strangers. */
function unitsOf(
  gateway: ReportingGateway,
  reports: ReportMessage[],
  devices: Map<string, KnownDevice>,
  now: Date,
  strangers: Set<number>,
): Unit[] {
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
  return units;
}

/** The units of the next transaction: at most `rowLimit` rows (a unit without rows counts one) and `DEVICES_PER_TRANSACTION` devices. */
class Chunk {
  private units: Unit[] = [];
  private size = 0;
  private devices = new Set<number>();

  constructor(private readonly rowLimit: number) {}

  get empty(): boolean {
    return this.units.length === 0;
  }

  /** Whether `added` fit in this transaction too. */
  fits(added: Unit[]): boolean {
    let rows = 0;
    const more = new Set<number>();
    for (const unit of added) {
      rows += Math.max(1, unit.rows.length);
      for (const row of unit.rows) if (!this.devices.has(row.deviceId)) more.add(row.deviceId);
    }
    return this.size + rows <= this.rowLimit && this.devices.size + more.size <= DEVICES_PER_TRANSACTION;
  }

  add(unit: Unit): void {
    this.units.push(unit);
    this.size += Math.max(1, unit.rows.length);
    for (const row of unit.rows) this.devices.add(row.deviceId);
  }

  /** The units gathered so far; the chunk starts empty again. */
  take(): Unit[] {
    const units = this.units;
    this.units = [];
    this.size = 0;
    this.devices = new Set();
    return units;
  }
}

/**
 * Writes transactions with `store`. On PostgreSQL the next transactions are prepared and sent while one
 * commits (each on its own pooled connection; the device locks order them where they share devices), at most
 * `TRANSACTIONS_IN_FLIGHT` at once; PGlite runs one statement at a time. `settle` waits for every one; a
 * failed one left its reports unconfirmed (they come again): its error is thrown.
 */
function transactionWriter(embedded: boolean, store: (units: Unit[]) => Promise<void>) {
  const inFlight = new Set<Promise<void>>();
  const failures: unknown[] = [];
  return {
    async write(units: Unit[]): Promise<void> {
      const stored = store(units);
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
    },
    async settle(): Promise<void> {
      await Promise.all(inFlight);
      if (failures.length > 0) throw failures[0];
    },
  };
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
