// The report-cycle drill's deployment: consoles started from the shipped bundle on one PostgreSQL database,
// each mailing to its own SMTP server that can catch it (killed at a RCPT TO, or held before its 250), and
// the clock file they all read, moved on a tick at a time.
import { ConsoleDrill, ended, minuteSlot, pause } from '../drills/console-drill.ts';
import { type ReceivedMail, startSmtpSink } from '../support/smtp-sink.ts';
import { CONSOLES, KILL_FROM, STOP_FROM, TICKS, TICKS_WHILE_HELD } from './plan.ts';

/** A promise with its resolve, for a hold the drill ends when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The consoles of the drill, their mail servers and database, and what the mail servers caught. */
export class ReportCycleDrill extends ConsoleDrill {
  private readonly sinks: Awaited<ReturnType<typeof startSmtpSink>>[] = [];
  /** Every message the mail server took, in order, with the console that sent it. */
  readonly taken: { console: number; mail: ReceivedMail }[] = [];
  /** Connections the mail server saw, by console: how far each got. */
  private readonly exchanges: { console: number; rcpt: string; accepted: boolean }[] = [];

  // The holds the drill arms: which console the mail server caught, and how.
  private killArmed = false;
  private stopArmed = false;
  killed: { console: number; rcpt: string; tick: number; exchange: { accepted: boolean } } | null = null;
  held: { console: number; mail: ReceivedMail; tick: number; release: () => void } | null = null;
  private tick = 0;
  /** Set when the console running this tick's pass was caught: the tick is not waited for. */
  private caught = false;

  constructor() {
    super(CONSOLES, 'cycle-drill');
  }

  /** Makes the database, the consoles' ports, a mail server for each console and the shipped bundle. */
  override async setUp(): Promise<void> {
    await super.setUp();
    for (let index = 0; index < CONSOLES; index++) this.sinks.push(await this.startSink(index));
  }

  /** Releases a held message, kills every console, closes the mail servers and removes what `setUp` made. */
  override async tearDown(): Promise<void> {
    this.held?.release();
    await super.tearDown();
    for (const sink of this.sinks) await sink.close();
  }

  /** Each console mails to its own mail server. */
  protected override consoleEnv(index: number): Record<string, string> {
    return { SMTP_URL: this.sinks[index]!.url };
  }

  /** The mail server of console `index`: it kills the console at a RCPT TO or holds its 250 when armed. */
  private startSink(index: number) {
    return startSmtpSink({
      onMail: (mail) => this.taken.push({ console: index, mail }),
      holds: {
        rcptTo: async (address) => {
          const exchange = { console: index, rcpt: address, accepted: false };
          this.exchanges.push(exchange);
          if (!this.killArmed) return;
          this.killArmed = false;
          this.killed = { console: index, rcpt: address, tick: this.tick, exchange };
          await this.stopConsole(index, 'SIGKILL');
          this.caught = true;
          throw new Error('the sender is gone');
        },
        data: async (mail) => {
          const exchange = this.exchanges.findLast((item) => item.console === index && mail.to.includes(item.rcpt));
          if (exchange) exchange.accepted = true;
          if (!this.stopArmed) return;
          this.stopArmed = false;
          const hold = deferred();
          this.held = { console: index, mail, tick: this.tick, release: hold.resolve };
          this.caught = true;
          await hold.promise;
        },
      },
    });
  }

  /** Waits until a report-cycles pass of this minute or a later one has finished, or the tick's console was caught. */
  private async passAt(atMs: number): Promise<void> {
    const until = Date.now() + 90_000;
    for (;;) {
      if (this.caught) return;
      const done = await this.rows(
        `SELECT 1 FROM job_runs WHERE name = 'report-cycles' AND slot >= $1 AND finished_at IS NOT NULL LIMIT 1`,
        [minuteSlot(atMs)],
      );
      if (done.length > 0) return;
      if (Date.now() > until) {
        throw new Error(`no report-cycles pass at ${new Date(atMs).toISOString()} (tick ${this.tick})\n${this.logs()}`);
      }
      await pause(10);
    }
  }

  /** Waits for the pass of `atMs`, the clock just moved there, or for the catch of the console running it. */
  private async tickTo(atMs: number): Promise<void> {
    this.caught = false;
    await this.passAt(atMs);
  }

  /**
   * Runs every console through the instants, one tick each: from KILL_FROM the console sending the next
   * mail is killed at its RCPT TO and started again; at `restartTick` the whole deployment is down and
   * starts again; from STOP_FROM the console sending the next mail is stopped (SIGTERM) while its message
   * waits for its answer, which comes TICKS_WHILE_HELD ticks later, and started again once it has ended.
   */
  async run(instants: readonly number[], restartTick: number): Promise<void> {
    this.writeClock(instants[0]!);
    await Promise.all(this.consoles.map((_, index) => this.startConsole(index)));
    let restarting: Promise<void> | null = null;
    let stoppedAt = -1;
    for (this.tick = 0; this.tick < TICKS; this.tick++) {
      const at = instants[this.tick]!;
      if (this.tick === restartTick) {
        // The whole deployment is down for three weeks, then starts again.
        await restarting;
        await Promise.all(this.consoles.map((_, index) => this.stopConsole(index, 'SIGTERM')));
        this.writeClock(at);
        await Promise.all(this.consoles.map((_, index) => this.startConsole(index)));
      } else {
        if (this.tick === KILL_FROM) this.killArmed = true;
        if (this.tick === STOP_FROM) this.stopArmed = true;
        this.writeClock(at);
      }
      await this.tickTo(at);
      if (this.killed && !restarting) restarting = this.startConsole(this.killed.console);
      if (this.held && stoppedAt < 0) {
        stoppedAt = this.tick;
        this.consoles[this.held.console]!.child!.kill('SIGTERM');
      }
      if (this.held && this.tick === stoppedAt + TICKS_WHILE_HELD) await this.answerHeld();
    }
    await restarting;
  }

  /** The stopping console gets its answer, records it and ends; then it starts again. */
  private async answerHeld(): Promise<void> {
    const held = this.held!;
    held.release();
    await new Promise((resolve) => {
      const child = this.consoles[held.console]!.child!;
      if (ended(child)) resolve(null);
      else child.once('exit', resolve);
    });
    await this.startConsole(held.console);
  }

  /** Moves the clock on a minute at a time from `lastMs` until no run is due and no mail waits. */
  async settle(lastMs: number): Promise<void> {
    const settledBy = Date.now() + 120_000;
    let at = lastMs;
    for (;;) {
      const open = await this.rows(
        `SELECT 1 FROM report_runs WHERE state = 'due' UNION ALL SELECT 1 FROM report_deliveries WHERE state = 'intent'`,
      );
      if (open.length === 0) break;
      if (Date.now() > settledBy) throw new Error(`${open.length} runs or deliveries still open`);
      at += 60_000;
      this.writeClock(at);
      await this.tickTo(at);
    }
  }
}
