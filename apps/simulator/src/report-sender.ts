import { join } from 'node:path';
import { ReportConfirmSchema, ResendRequestSchema } from '@lightwell/domain';
import { type NumberedReport, ReportBuffer, type UnnumberedReport } from './report-buffer.ts';

/** How a gateway's report channel reaches the broker. */
export interface ReportSenderOptions {
  sn: string;
  /** Folder for `<sn>.reports.json`; without it the buffer lives as long as the process. */
  stateDir?: string | undefined;
  capacity?: number | undefined;
  /** Unconfirmed reports are sent again after this long without a confirmation (default 30 s). */
  resendAfterMs?: number | undefined;
  /** Called with every report numbered. */
  onReport?: ((report: NumberedReport) => void) | undefined;
  /** Publishes one message on the gateway's report topic. */
  publish: (message: unknown) => void;
  /** Whether the gateway is connected and announced (reports wait in the buffer otherwise). */
  canSend: () => boolean;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The gateway side of durable reports (docs/gateway-protocol.md "Durable reports"): numbers and buffers
 * each report, sends it when connected, applies the console's `storedUpTo` and `resend`, and sends all
 * unconfirmed reports again on a connection and after a while without progress.
 */
export class ReportSender {
  readonly buffer: ReportBuffer;
  private lastProgressAt = Date.now();

  constructor(private readonly options: ReportSenderOptions) {
    this.buffer = new ReportBuffer({
      capacity: options.capacity,
      file: options.stateDir ? join(options.stateDir, `${options.sn}.reports.json`) : undefined,
      // A new stream starts from the clock, so a gateway that lost its counter never repeats a number.
      firstSeq: Date.now(),
    });
    if (this.buffer.started) this.add({ kind: 'streamStart', at: seconds(Date.now()) });
  }

  /** Numbers a report, keeps it until confirmed and sends it when connected. */
  add(report: UnnumberedReport): NumberedReport {
    const numbered = this.buffer.add(report);
    this.options.onReport?.(numbered);
    if (this.options.canSend()) this.options.publish(numbered);
    return numbered;
  }

  /** Applies a console message of the command topic; answers whether it was one of the report channel. */
  handle(body: unknown): boolean {
    const confirm = ReportConfirmSchema.safeParse(body);
    if (confirm.success) {
      if (confirm.data.storedUpTo > this.buffer.confirmed) this.lastProgressAt = Date.now();
      this.buffer.confirm(confirm.data.storedUpTo);
      return true;
    }
    const resend = ResendRequestSchema.safeParse(body);
    if (resend.success) {
      this.send(this.buffer.range(resend.data.resend.from, resend.data.resend.to));
      return true;
    }
    return false;
  }

  /** Sends every unconfirmed report again, and the dropped ranges as `lost` (after each connection). */
  resendUnconfirmed(): void {
    this.lastProgressAt = Date.now();
    this.send(this.buffer.unconfirmed());
  }

  /** Resends when reports wait and nothing was confirmed for `resendAfterMs`. */
  tick(now: number): void {
    const after = this.options.resendAfterMs ?? 30_000;
    if (this.options.canSend() && this.buffer.pending.length > 0 && now - this.lastProgressAt > after) {
      this.resendUnconfirmed();
    }
  }

  private send(range: { reports: NumberedReport[]; lost: [number, number][] }): void {
    for (const [from, to] of range.lost) this.options.publish({ kind: 'lost', from, to, at: seconds(Date.now()) });
    for (const report of range.reports) this.options.publish(report);
  }
}
