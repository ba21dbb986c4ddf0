import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ReportMessage } from '@lightwell/domain';

/** A report before numbering (every report kind but `lost`, which is not numbered). */
export type UnnumberedReport = DistributiveOmit<Exclude<ReportMessage, { kind: 'lost' }>, 'seq'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type NumberedReport = Exclude<ReportMessage, { kind: 'lost' }>;

/** What a buffer keeps across restarts (a small JSON file per gateway; a real gateway keeps it in flash). */
interface BufferState {
  nextSeq: number;
  confirmed: number;
  reports: NumberedReport[];
  /** Ranges dropped on overflow and not yet confirmed past. */
  lost: [number, number][];
  lostCount: number;
}

/**
 * The gateway side of durable reports (docs/gateway-protocol.md "Durable reports"): numbers reports with
 * a contiguous sequence, keeps those the console has not confirmed in a bounded buffer (dropping the
 * oldest, counted, when full), and answers what to send again. Optionally persisted to `file`.
 */
export class ReportBuffer {
  private state: BufferState;
  private readonly capacity: number;
  private readonly file: string | undefined;
  /** Lines appended to the file since it was last rewritten whole. */
  private appended = 0;
  /** True when a new stream started here (no stored counter): its first report is a `streamStart`. */
  readonly started: boolean;

  /**
   * `file` holds the buffer as JSON lines: a whole state, then one line per report added (`r`) and per
   * confirmation (`c`), rewritten whole now and then; a crash loses at most the line being written.
   */
  constructor(options: { capacity?: number | undefined; file?: string | undefined; firstSeq?: number } = {}) {
    this.capacity = options.capacity ?? 10_000;
    this.file = options.file;
    const first = options.firstSeq ?? 1;
    this.state = { nextSeq: first, confirmed: first - 1, reports: [], lost: [], lostCount: 0 };
    const lines = this.file ? readLines(this.file) : null;
    this.started = lines === null;
    if (lines) for (const line of lines) this.replay(line);
    this.rewrite();
  }

  /** The next number to be given out. */
  get nextSeq(): number {
    return this.state.nextSeq;
  }
  /** Everything up to this number is stored by the console. */
  get confirmed(): number {
    return this.state.confirmed;
  }
  /** Reports dropped from a full buffer since the gateway first started. */
  get lostCount(): number {
    return this.state.lostCount;
  }
  /** Reports waiting for confirmation. */
  get pending(): readonly NumberedReport[] {
    return this.state.reports;
  }
  /** Ranges dropped on overflow that the console has not confirmed past. */
  get lostRanges(): readonly [number, number][] {
    return this.state.lost;
  }

  /** Numbers a report and keeps it until confirmed; the oldest report is dropped (counted) when full. */
  add(report: UnnumberedReport): NumberedReport {
    const numbered = { ...report, seq: this.state.nextSeq } as NumberedReport;
    this.keep(numbered);
    this.append({ r: numbered });
    return numbered;
  }

  /** The console stored everything up to `seq`: those reports (and lost ranges) are forgotten. */
  confirm(seq: number): void {
    if (seq <= this.state.confirmed) return;
    this.forget(seq);
    this.append({ c: seq });
  }

  /** The reports of `from`..`to` still held, and the parts of the range that were dropped. */
  range(from: number, to: number): { reports: NumberedReport[]; lost: [number, number][] } {
    const reports = this.state.reports.filter((report) => report.seq >= from && report.seq <= to);
    const lost = this.state.lost
      .filter(([a, b]) => b >= from && a <= to)
      .map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as [number, number]);
    return { reports, lost };
  }

  /** Everything unconfirmed, to send again (after a reconnect, or when unconfirmed for too long). */
  unconfirmed(): { reports: NumberedReport[]; lost: [number, number][] } {
    return this.range(this.state.confirmed + 1, this.state.nextSeq - 1);
  }

  private keep(report: NumberedReport): void {
    this.state.nextSeq = report.seq + 1;
    this.state.reports.push(report);
    while (this.state.reports.length > this.capacity) {
      const dropped = this.state.reports.shift()!;
      this.state.lostCount += 1;
      const last = this.state.lost.at(-1);
      if (last && last[1] === dropped.seq - 1) last[1] = dropped.seq;
      else this.state.lost.push([dropped.seq, dropped.seq]);
    }
  }

  private forget(seq: number): void {
    this.state.confirmed = Math.min(seq, this.state.nextSeq - 1);
    this.state.reports = this.state.reports.filter((report) => report.seq > seq);
    this.state.lost = this.state.lost.filter(([, to]) => to > seq);
  }

  private replay(line: FileLine): void {
    if ('state' in line) this.state = line.state;
    else if ('r' in line) this.keep(line.r);
    else if ('c' in line && line.c > this.state.confirmed) this.forget(line.c);
  }

  private append(line: FileLine): void {
    if (!this.file) return;
    this.appended += 1;
    // Rewritten whole once the log holds about as many lines again as the buffer may hold.
    if (this.appended > this.capacity + 1000) this.rewrite();
    else appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  private rewrite(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ state: this.state })}\n`);
    renameSync(temporary, this.file);
    this.appended = 0;
  }
}

type FileLine = { state: BufferState } | { r: NumberedReport } | { c: number };

/** The file's lines, or null when there is no file (a new gateway); a torn last line is left out. */
function readLines(file: string): FileLine[] | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const lines: FileLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw) continue;
    try {
      lines.push(JSON.parse(raw) as FileLine);
    } catch {
      break;
    }
  }
  return lines.length > 0 ? lines : null;
}
