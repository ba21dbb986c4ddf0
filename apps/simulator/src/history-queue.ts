import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CounterAnchor } from './history.ts';
import type { UnnumberedReport } from './report-buffer.ts';

/**
 * History reports a gateway has not numbered yet, oldest first, kept in `file` (when given) after every
 * change, so a simulator stopped while its history streams continues where it stopped at the next start
 * instead of leaving a hole at the history's recent end (docs/decisions.md, "Demo history").
 */
export class HistoryQueue {
  private readonly reports: UnnumberedReport[];
  private readonly file: string | undefined;

  constructor(file?: string) {
    this.file = file;
    this.reports = file ? readQueue(file) : [];
  }

  get length(): number {
    return this.reports.length;
  }

  /** Whether a report of `kind` waits in the queue (a history resumed from the last run). */
  holds(kind: UnnumberedReport['kind']): boolean {
    return this.reports.some((report) => report.kind === kind);
  }

  /** Adds reports after the queued ones (live readings waiting behind the history). */
  push(...reports: UnnumberedReport[]): void {
    this.reports.push(...reports);
    this.save();
  }

  /** Adds reports before the queued ones (an older history). */
  unshift(...reports: UnnumberedReport[]): void {
    this.reports.unshift(...reports);
    this.save();
  }

  /** Takes the oldest report; `save` once a window of them has been numbered. */
  shift(): UnnumberedReport | undefined {
    return this.reports.shift();
  }

  /**
   * Time and counters of the oldest queued readings (what the console will see first from this queue),
   * or null: a history filled later must end there.
   */
  earliest(): { at: number; counters: Map<string, CounterAnchor> } | null {
    const first = this.reports.find((report) => report.kind === 'readings');
    if (first?.kind !== 'readings') return null;
    const counters = new Map<string, CounterAnchor>();
    for (const device of first.devices) {
      const energy = device.elements.find((element) => element.energy)?.energy;
      if (energy) counters.set(device.mac, { raw: Number(energy.raw), serial: energy.serial });
    }
    return { at: first.at * 1000, counters };
  }

  /** Writes the queue (to a temporary file renamed over the last), or removes the file once it is empty. */
  save(): void {
    if (!this.file) return;
    if (this.reports.length === 0) {
      rmSync(this.file, { force: true });
      return;
    }
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.reports));
    renameSync(temporary, this.file);
  }
}

/** The queued reports of a file, or none when there is no file or it cannot be read. */
function readQueue(file: string): UnnumberedReport[] {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(parsed) ? (parsed as UnnumberedReport[]) : [];
  } catch {
    return [];
  }
}
