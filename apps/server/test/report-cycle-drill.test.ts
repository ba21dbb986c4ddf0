import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectReportPeriodsDue, type ReportCycle, type ReportSendDay } from '@lightwell/domain';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, createPgDatabase, SIGNING_SECRET } from './helpers.ts';
import { DEPLOYMENT_BROKER, describeDeployment, freePort } from './mqtt/mosquitto.ts';
import { readMail } from './support/mime.ts';
import { buildActiveRecipient, enableCycles, reportCycleSite, setClock } from './support/report-cycle-site.ts';
import { buildShippedBundle, type ShippedBundle } from './support/shipped-bundle.ts';
import { type ReceivedMail, startSmtpSink } from './support/smtp-sink.ts';

/*
 * The report-cycle drill: three consoles, as `npm start` ships them, on one PostgreSQL database and one
 * Mosquitto, mail to a real SMTP server, their clock read from one CLOCK_FILE that the drill moves on 1,000
 * times, from January to July 2026 in Europe/London (over the change to summer time), each time waiting
 * until one of them has run the report cycles for that minute. On the way one console is killed (SIGKILL)
 * while the mail server holds its RCPT TO, before anything was accepted, and started again; all three are
 * stopped for three weeks and started again (the missed periods go late, oldest first, saying why); and
 * one console is stopped (SIGTERM) while the mail server holds the answer to a message it has received, and
 * started again. At the end every recipient has exactly one mail per period that was due, in their
 * language, counted by Message-ID and by messages the server took, and every period has one run, sent.
 */
const describeThree = await describeDeployment();

const CONSOLES = 3;
const TICKS = 1000;
const ZONE = 'Europe/London';
const START = '2026-01-01T10:00:00Z';
const END = Date.parse('2026-07-02T06:00:00Z');
/** All consoles are down from the first tick at or after this until this instant. */
const DOWN_FROM = Date.parse('2026-04-20T12:00:00Z');
const DOWN_UNTIL = Date.parse('2026-05-13T12:00:00Z');
/** The tick from which the console sending the next mail is killed at its RCPT TO. */
const KILL_FROM = Math.round(TICKS * 0.15);
/** The tick from which the console sending the next mail is stopped while its message waits for 250. */
const STOP_FROM = Math.round(TICKS * 0.8);
/** Ticks the other consoles run while the stopped console's message waits for its answer. */
const TICKS_WHILE_HELD = 3;
const CYCLES: readonly { cycle: ReportCycle; sendDay: ReportSendDay }[] = [
  { cycle: 'weekly', sendDay: 1 },
  { cycle: 'monthly', sendDay: 2 },
  { cycle: 'quarterly', sendDay: 1 },
];
const SECTIONS = ['energy', 'cost', 'co2'] as const;
/** Subject, late subject and late text of each recipient language (en, zh). */
const LANGUAGE = {
  0: { subject: /^Energy report \(/, late: 'Late: ', text: 'This report is late' },
  1: { subject: /^能耗报告（/, late: '延迟：', text: '此报告已延迟' },
} as const;

const minuteSlot = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The drill's clock instants: one a minute after every send time outside the downtime (so a report goes
 * on time), the first instant after the downtime, and evenly spread ones between, TICKS in all, one per
 * minute slot at most.
 */
function tickInstants(sendTimes: readonly number[]): number[] {
  const start = Date.parse(START);
  const landings = sendTimes.map((at) => at * 1000 + 60_000).filter((at) => at < DOWN_FROM || at >= DOWN_UNTIL);
  const up = END - start - (DOWN_UNTIL - DOWN_FROM);
  for (let grid = TICKS - landings.length - 1; grid < TICKS; grid++) {
    const spread = Array.from({ length: grid }, (_, k) => {
      const at = start + Math.round(((k + 1) * up) / (grid + 1) / 1000) * 1000;
      return at >= DOWN_FROM ? at + (DOWN_UNTIL - DOWN_FROM) : at;
    });
    const bySlot = new Map<string, number>();
    for (const at of [...landings, DOWN_UNTIL, ...spread].sort((a, b) => a - b)) {
      if (!bySlot.has(minuteSlot(at))) bySlot.set(minuteSlot(at), at);
    }
    if (bySlot.size >= TICKS) return [...bySlot.values()].slice(0, TICKS);
  }
  throw new Error('no tick plan');
}

/** A promise with its resolve, for a hold the drill ends when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describeThree('report cycle drill: three consoles on PostgreSQL, 1,000 ticks, killed, stopped and down', () => {
  let url = '';
  let drop: (() => Promise<void>) | undefined;
  let bundle: ShippedBundle | undefined;
  let client: pg.Client | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'lw-cycle-drill-'));
  const clockPath = join(dir, 'clock.json');
  const group = `cycle-drill-${randomBytes(4).toString('hex')}`;
  const serverSecret = randomBytes(24).toString('hex');
  const consoles: { child: ChildProcess | null; port: number; log: string[] }[] = [];
  const sinks: Awaited<ReturnType<typeof startSmtpSink>>[] = [];
  /** Every message the mail server took, in order, with the console that sent it. */
  const taken: { console: number; mail: ReceivedMail }[] = [];

  // The holds the drill arms: which console the mail server caught, and how.
  let killArmed = false;
  let stopArmed = false;
  let killed: { console: number; rcpt: string; tick: number; exchange: { accepted: boolean } } | null = null;
  let held: { console: number; mail: ReceivedMail; tick: number; release: () => void } | null = null;
  let tick = 0;
  /** Set when the console running this tick's pass was caught: the tick is not waited for. */
  let caught = false;
  /** Connections the mail server saw, by console: how far each got. */
  const exchanges: { console: number; rcpt: string; accepted: boolean }[] = [];

  function writeClock(atMs: number) {
    const temporary = `${clockPath}.${randomBytes(3).toString('hex')}`;
    writeFileSync(temporary, JSON.stringify({ at: new Date(atMs).toISOString(), rate: 1 }));
    renameSync(temporary, clockPath);
  }

  async function startConsole(index: number): Promise<void> {
    const entry = consoles[index]!;
    const child = spawn(process.execPath, [bundle!.path], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(entry.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://console.example.com',
        MQTT_URL: DEPLOYMENT_BROKER,
        MQTT_SHARE_GROUP: group,
        SMTP_URL: sinks[index]!.url,
        CLOCK_FILE: clockPath,
        JOB_TICK_MS: '20',
        SIGNING_SECRET,
        SERVER_SECRET: serverSecret,
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: join(dir, `data-${index}`),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      entry.log.push(String(chunk));
      if (entry.log.length > 40) entry.log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    entry.child = child;
    const until = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`console ${index} ended at start: ${entry.log.join('')}`);
      }
      const answers = await fetch(`http://127.0.0.1:${entry.port}/`).then(
        () => true,
        () => false,
      );
      if (answers) return;
      if (Date.now() > until) throw new Error(`console ${index} did not answer: ${entry.log.join('')}`);
      await pause(100);
    }
  }

  async function stopConsole(index: number, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = consoles[index]!.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await client!.query(text, values)).rows as T[];
  }

  /** Waits until a report-cycles pass of this minute or a later one has finished, or the tick's console was caught. */
  async function passAt(atMs: number): Promise<void> {
    const until = Date.now() + 90_000;
    for (;;) {
      if (caught) return;
      const done = await rows(
        `SELECT 1 FROM job_runs WHERE name = 'report-cycles' AND slot >= $1 AND finished_at IS NOT NULL LIMIT 1`,
        [minuteSlot(atMs)],
      );
      if (done.length > 0) return;
      if (Date.now() > until) {
        const logs = consoles.map((entry, i) => `console ${i}: ${entry.log.join('')}`).join('\n');
        throw new Error(`no report-cycles pass at ${new Date(atMs).toISOString()} (tick ${tick})\n${logs}`);
      }
      await pause(10);
    }
  }

  beforeAll(async () => {
    const database = await createPgDatabase({ migrated: true });
    url = database.url;
    drop = database.drop;
    for (let index = 0; index < CONSOLES; index++) {
      consoles.push({ child: null, port: await freePort(), log: [] });
      sinks.push(
        await startSmtpSink({
          onMail: (mail) => taken.push({ console: index, mail }),
          holds: {
            async rcptTo(address) {
              const exchange = { console: index, rcpt: address, accepted: false };
              exchanges.push(exchange);
              if (!killArmed) return;
              killArmed = false;
              killed = { console: index, rcpt: address, tick, exchange };
              await stopConsole(index, 'SIGKILL');
              caught = true;
              throw new Error('the sender is gone');
            },
            async data(mail) {
              const exchange = exchanges.findLast((item) => item.console === index && mail.to.includes(item.rcpt));
              if (exchange) exchange.accepted = true;
              if (!stopArmed) return;
              stopArmed = false;
              const hold = deferred();
              held = { console: index, mail, tick, release: hold.resolve };
              caught = true;
              await hold.promise;
            },
          },
        }),
      );
    }
    client = new pg.Client({ connectionString: url });
    await client.connect();
    bundle = await buildShippedBundle();
  }, 240_000);

  afterAll(async () => {
    held?.release();
    for (let index = 0; index < consoles.length; index++) await stopConsole(index, 'SIGKILL');
    await client?.end();
    for (const sink of sinks) await sink.close();
    await drop?.();
    bundle?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mails every recipient exactly once per period, in their language, late ones saying so', {
    timeout: 1_800_000,
  }, async () => {
    // The site, seeded by the test: a project with a London network, lamp data for March and April, three
    // recipients (one with an account, English; one without, Chinese), three cycles switched on.
    const seed = await buildTestApp({ PUBLIC_URL: 'https://console.example.com' }, { databaseUrl: url });
    setClock(seed, START);
    const site = await reportCycleSite(seed, { timeZone: ZONE });
    const recipients = [
      await buildActiveRecipient(seed, site.pid, site.installer.user.email, 0),
      await buildActiveRecipient(seed, site.pid, `drill-zh-${site.pid}@example.com`, 1),
    ];
    await enableCycles(
      seed,
      site,
      CYCLES.map(({ cycle, sendDay }) => ({ cycle, sendDay, enabled: true, sections: [...SECTIONS] })),
    );
    await seed.close();
    const settings = await rows<{ cycle: ReportCycle; enabled_at: Date }>(
      'SELECT cycle, enabled_at FROM report_cycle_settings WHERE pid = $1 AND enabled',
      [site.pid],
    );
    /** Every period due by the end, as the domain says: (cycle, key) with its send time. */
    const due = CYCLES.flatMap(({ cycle, sendDay }) => {
      const since = Math.floor(settings.find((row) => row.cycle === cycle)!.enabled_at.getTime() / 1000);
      return projectReportPeriodsDue(cycle, sendDay, null, END / 1000, [ZONE], { since }).map((item) => ({
        cycle,
        key: item.period.key,
        sendAt: item.sendAt * 1000,
      }));
    });
    const lateKeys = new Set(
      due.filter((item) => item.sendAt >= DOWN_FROM && item.sendAt < DOWN_UNTIL).map((item) => item.key),
    );
    expect(lateKeys.size).toBeGreaterThanOrEqual(4);
    const instants = tickInstants(due.map((item) => item.sendAt / 1000));
    expect(instants).toHaveLength(TICKS);
    const restartTick = instants.indexOf(DOWN_UNTIL);
    // Over the change to summer time in London (29 March 2026).
    expect(instants[0]!).toBeLessThan(Date.parse('2026-03-29T01:00:00Z'));
    expect(instants.at(-1)!).toBeGreaterThan(Date.parse('2026-03-29T01:00:00Z'));

    const started = Date.now();
    writeClock(instants[0]!);
    await Promise.all(consoles.map((_, index) => startConsole(index)));
    let restarting: Promise<void> | null = null;
    let stoppedAt = -1;
    for (tick = 0; tick < TICKS; tick++) {
      const at = instants[tick]!;
      if (tick === restartTick) {
        // The whole deployment is down for three weeks, then starts again.
        await restarting;
        await Promise.all(consoles.map((_, index) => stopConsole(index, 'SIGTERM')));
        writeClock(at);
        await Promise.all(consoles.map((_, index) => startConsole(index)));
      } else {
        if (tick === KILL_FROM) killArmed = true;
        if (tick === STOP_FROM) stopArmed = true;
        writeClock(at);
      }
      caught = false;
      await passAt(at);
      if (killed && !restarting) restarting = startConsole(killed.console);
      if (held && stoppedAt < 0) {
        stoppedAt = tick;
        consoles[held.console]!.child!.kill('SIGTERM');
      }
      if (held && tick === stoppedAt + TICKS_WHILE_HELD) {
        // The stopping console gets its answer, records it and ends; then it starts again.
        held.release();
        await new Promise((resolve) => {
          const child = consoles[held!.console]!.child!;
          if (child.exitCode !== null || child.signalCode !== null) resolve(null);
          else child.once('exit', resolve);
        });
        await startConsole(held.console);
      }
    }
    await restarting;
    // Settled: the clock goes on a minute at a time until no run is due and no mail waits.
    const settledBy = Date.now() + 120_000;
    let at = instants.at(-1)!;
    for (;;) {
      const open = await rows(
        `SELECT 1 FROM report_runs WHERE state = 'due' UNION ALL SELECT 1 FROM report_deliveries WHERE state = 'intent'`,
      );
      if (open.length === 0) break;
      if (Date.now() > settledBy) throw new Error(`${open.length} runs or deliveries still open`);
      at += 60_000;
      writeClock(at);
      caught = false;
      await passAt(at);
    }
    const seconds = (Date.now() - started) / 1000;

    // What happened on the way: a console was killed before its mail was accepted, another was stopped
    // while the mail server held the answer to one it had received.
    expect(killed, 'a console was killed at a RCPT TO').not.toBeNull();
    expect(held, 'a console was stopped while its message waited for 250').not.toBeNull();
    const kill = killed!;
    // Before send: the killed console's exchange never got past RCPT TO, so the server took nothing from it.
    expect(kill.exchange.accepted).toBe(false);
    expect(kill.tick).toBeLessThan(restartTick);
    expect(held!.tick).toBeGreaterThan(restartTick);

    // Each period once, sent; nothing else.
    const runs = await rows<{
      cycle: string;
      period_key: string;
      version: number;
      state: string;
      late: boolean;
      late_reason: string | null;
      id: number;
    }>(
      `SELECT id, cycle, period_key, version, state, late, late_reason FROM report_runs WHERE pid = $1 ORDER BY cycle, period_key`,
      [site.pid],
    );
    expect(runs.map((run) => `${run.cycle} ${run.period_key} v${run.version} ${run.state}`).sort()).toEqual(
      due.map((item) => `${item.cycle} ${item.key} v1 sent`).sort(),
    );
    for (const run of runs) {
      expect([run.period_key, run.late, run.late_reason]).toEqual(
        lateKeys.has(run.period_key) ? [run.period_key, true, 'downtime'] : [run.period_key, false, null],
      );
    }

    // Every recipient: exactly one message the server took per period, by Message-ID and by count.
    const deliveries = await rows<{
      run_id: number;
      email: string;
      message_id: string;
      state: string;
      attempts: number;
    }>('SELECT run_id, email, message_id, state, attempts FROM report_deliveries');
    const runOf = new Map(runs.map((run) => [run.id, run]));
    expect(deliveries).toHaveLength(due.length * recipients.length);
    expect(deliveries.every((delivery) => delivery.state === 'sent')).toBe(true);
    const byMessageId = new Map(deliveries.map((delivery) => [delivery.message_id, delivery]));
    for (const recipient of recipients) {
      const mails = taken
        .filter((item) => item.mail.to.includes(recipient.email))
        .map((item) => readMail(item.mail.raw));
      expect(mails, recipient.email).toHaveLength(due.length);
      expect(new Set(mails.map((mail) => mail.messageId)).size, recipient.email).toBe(due.length);
      const periods = mails.map((mail) => {
        const delivery = byMessageId.get(mail.messageId);
        expect(delivery?.email, mail.messageId).toBe(recipient.email);
        const run = runOf.get(delivery!.run_id)!;
        return { mail, run };
      });
      expect(periods.map(({ run }) => `${run.cycle} ${run.period_key}`).sort()).toEqual(
        due.map((item) => `${item.cycle} ${item.key}`).sort(),
      );
      // In the recipient's language; late ones say so in subject and text, the others do not.
      const language = LANGUAGE[recipient.language as 0 | 1];
      for (const { mail, run } of periods) {
        const late = lateKeys.has(run.period_key);
        const subject = late ? mail.subject.slice(language.late.length) : mail.subject;
        expect(mail.subject.startsWith(language.late), `${recipient.email} ${mail.subject}`).toBe(late);
        expect(subject).toMatch(language.subject);
        expect(mail.subject).toContain(run.period_key);
        expect(mail.text.includes(language.text), `${recipient.email} ${run.period_key}`).toBe(late);
      }
      // Oldest first within each cycle, as the server took them.
      for (const { cycle } of CYCLES) {
        const keys = periods.filter(({ run }) => run.cycle === cycle).map(({ run }) => run.period_key);
        expect(keys, `${recipient.email} ${cycle}`).toEqual([...keys].sort());
      }
    }

    // The killed console's delivery: tried twice (the kill came before the server accepted anything), one
    // message taken. The stopped console's: answered and recorded once, one message taken.
    const killedDelivery = deliveries.filter((delivery) => delivery.email === kill.rcpt && delivery.attempts > 1);
    expect(killedDelivery).toHaveLength(1);
    expect(taken.filter((item) => readMail(item.mail.raw).messageId === killedDelivery[0]!.message_id)).toHaveLength(1);
    const heldId = readMail(held!.mail.raw).messageId;
    expect(byMessageId.get(heldId)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(taken.filter((item) => readMail(item.mail.raw).messageId === heldId)).toHaveLength(1);
    expect(deliveries.filter((delivery) => delivery.attempts !== 1)).toHaveLength(1);

    console.log(
      `report cycle drill: ${TICKS} ticks over ${CONSOLES} consoles, ${runs.length} runs, ${taken.length} mails, ` +
        `killed console ${kill.console} at tick ${kill.tick}, stopped console ${held!.console} at tick ${held!.tick}, ` +
        `${seconds.toFixed(1)} s`,
    );
  });
});
