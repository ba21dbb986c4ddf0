import type { SimDevice } from './devices.ts';
import { simulateEmergencyHistory } from './emergency-history.ts';
import { simulateHistory } from './history.ts';
import { HistoryQueue } from './history-queue.ts';
import type { SimMesh } from './mesh.ts';
import type { NumberedReport, UnnumberedReport } from './report-buffer.ts';

/**
 * Device readings of history a gateway sends before it waits for their confirmation: about two of the
 * console's PGlite transactions (500 rows each), so a page request never waits behind a whole week.
 */
const HISTORY_WINDOW = 1000;

/** What a gateway's history sender needs of it. */
export interface HistorySenderOptions {
  /** Where reports not numbered yet are kept (`<stateDir>/<sn>.history.json`); none without a state folder. */
  file?: string | undefined;
  mesh: SimMesh;
  devices: Map<string, SimDevice>;
  sensorMeanMs?: number | undefined;
  /** Whether the gateway is connected and announced. */
  connected: () => boolean;
  /** Numbers, buffers and (when connected) sends a report. */
  publishReport: (report: UnnumberedReport) => NumberedReport;
  /** The highest sequence number the console confirmed. */
  confirmed: () => number;
}

/**
 * A gateway's history (`history.ts`, `emergency-history.ts`): reports of the past computed at once, queued
 * (and kept in the state folder, so a stopped simulator continues them at its next start), and numbered a
 * window at a time once the last window is confirmed, so the console goes on answering between them.
 */
export class HistorySender {
  /** History reports not numbered yet, oldest first. */
  private readonly queue: HistoryQueue;
  /** Sequence number of the last report taken from the queue. */
  private lastSeq = -1;
  /** When the window waiting for confirmation was sent (null: none waits). */
  private windowAt: number | null = null;
  /** No window before this time (the gateway rests as long as the console took to store the last). */
  private restUntil = 0;

  constructor(private readonly options: HistorySenderOptions) {
    this.queue = new HistoryQueue(options.file);
    // A history resumed from the last run: an older one filled now must end where it begins.
    const resumed = this.queue.earliest();
    if (resumed && !options.mesh.earliestReadings) options.mesh.earliestReadings = resumed;
  }

  /** Reports queued and not numbered yet. */
  get queued(): number {
    return this.queue.length;
  }

  /** Whether history reports wait to be sent or to be confirmed by the console. */
  get pending(): boolean {
    return this.queue.length > 0 || this.options.confirmed() < this.lastSeq;
  }

  /** Puts a live report behind a history still queued (answers true), so counters never go back. */
  holdBack(report: UnnumberedReport): boolean {
    if (this.queue.length === 0) return false;
    this.queue.push(report);
    return true;
  }

  /**
   * Fills the `spanMs` before the earliest readings the mesh sent (or before `until`) with simulated
   * readings reports, oldest first, queued before any history still waiting. Answers the number of
   * reports and the span.
   */
  fill(spanMs: number, until: number): { reports: number; from: number; to: number } {
    const { mesh } = this.options;
    const end = mesh.historyEnd(until);
    const history = simulateHistory({
      devices: this.options.devices.values(),
      from: end.at - spanMs,
      to: end.at,
      anchors: end.counters,
      sensorMeanMs: this.options.sensorMeanMs || undefined,
    });
    mesh.earliestReadings = { at: end.at - spanMs, counters: history.startAnchors };
    const chunks: UnnumberedReport[] = [];
    for (const report of history.reports) {
      for (let start = 0; start < report.devices.length; start += 2000) {
        chunks.push({ kind: 'readings', at: report.at, devices: report.devices.slice(start, start + 2000) });
      }
    }
    // An earlier history still queued is newer: this one goes first.
    this.queue.unshift(...chunks);
    this.send();
    return { reports: chunks.length, from: end.at - spanMs, to: end.at };
  }

  /** Queues the self-tests of the last `months` months before `until`; answers the number of reports. */
  fillEmergency(months: number, until: number): number {
    // A start cut short before the console stored any of them: the queue resumed from the last run holds them.
    if (this.queue.holds('emergency')) return 0;
    const from = new Date(until);
    from.setUTCMonth(from.getUTCMonth() - months);
    const reports = simulateEmergencyHistory(this.options.devices.values(), from.getTime(), until);
    // Older than any readings history: it goes first.
    this.queue.unshift(...reports);
    this.send();
    return reports.length;
  }

  /**
   * Numbers the next window of queued history (`HISTORY_WINDOW` device readings) once the last one is
   * confirmed and the gateway has rested a quarter of the time the console took to store it, so the
   * console answers pages between windows (docs/decisions.md, "Demo history").
   */
  send(now = Date.now()): void {
    if (!this.options.connected()) return;
    if (this.windowAt !== null) {
      if (this.options.confirmed() < this.lastSeq) return;
      this.restUntil = now + (now - this.windowAt) / 4;
      this.windowAt = null;
    }
    if (now < this.restUntil) return;
    let readings = 0;
    while (this.queue.length > 0 && readings < HISTORY_WINDOW) {
      const report = this.queue.shift()!;
      this.lastSeq = this.options.publishReport(report).seq;
      readings += report.kind === 'readings' ? report.devices.length : 1;
      this.windowAt = now;
    }
    // Numbered reports are the replay buffer's now (kept in its own file).
    if (this.windowAt === now) this.queue.save();
  }
}
