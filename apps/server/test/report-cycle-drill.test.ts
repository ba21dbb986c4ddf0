import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDeployment } from './mqtt/mosquitto.ts';
import { expectOneMailPerPeriod, expectOneRunPerPeriod } from './report-cycle-drill/checks.ts';
import { ReportCycleDrill } from './report-cycle-drill/deployment.ts';
import { CONSOLES, DOWN_UNTIL, seedDrillSite, TICKS, tickInstants } from './report-cycle-drill/plan.ts';
import { readMail } from './support/mime.ts';

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

describeThree('report cycle drill: three consoles on PostgreSQL, 1,000 ticks, killed, stopped and down', () => {
  const drill = new ReportCycleDrill();
  beforeAll(() => drill.setUp(), 240_000);
  afterAll(() => drill.tearDown());

  it('mails every recipient exactly once per period, in their language, late ones saying so', {
    timeout: 1_800_000,
  }, async () => {
    const { site, recipients, due, lateKeys } = await seedDrillSite(drill);
    expect(lateKeys.size).toBeGreaterThanOrEqual(4);
    const instants = tickInstants(due.map((item) => item.sendAt / 1000));
    expect(instants).toHaveLength(TICKS);
    const restartTick = instants.indexOf(DOWN_UNTIL);
    // Over the change to summer time in London (29 March 2026).
    expect(instants[0]!).toBeLessThan(Date.parse('2026-03-29T01:00:00Z'));
    expect(instants.at(-1)!).toBeGreaterThan(Date.parse('2026-03-29T01:00:00Z'));

    const started = Date.now();
    await drill.run(instants, restartTick);
    // Settled: the clock goes on a minute at a time until no run is due and no mail waits.
    await drill.settle(instants.at(-1)!);
    const seconds = (Date.now() - started) / 1000;

    // What happened on the way: a console was killed before its mail was accepted, another was stopped
    // while the mail server held the answer to one it had received.
    expect(drill.killed, 'a console was killed at a RCPT TO').not.toBeNull();
    expect(drill.held, 'a console was stopped while its message waited for 250').not.toBeNull();
    const kill = drill.killed!;
    const held = drill.held!;
    // Before send: the killed console's exchange never got past RCPT TO, so the server took nothing from it.
    expect(kill.exchange.accepted).toBe(false);
    expect(kill.tick).toBeLessThan(restartTick);
    expect(held.tick).toBeGreaterThan(restartTick);

    // Each period once, sent; nothing else. Every recipient: exactly one message the server took per period.
    const runs = await expectOneRunPerPeriod(drill, site.pid, due, lateKeys);
    const { deliveries, byMessageId } = await expectOneMailPerPeriod(drill, runs, due, lateKeys, recipients);

    // The killed console's delivery: tried twice (the kill came before the server accepted anything), one
    // message taken. The stopped console's: answered and recorded once, one message taken.
    const taken = (messageId: string) => drill.taken.filter((item) => readMail(item.mail.raw).messageId === messageId);
    const killedDelivery = deliveries.filter((delivery) => delivery.email === kill.rcpt && delivery.attempts > 1);
    expect(killedDelivery).toHaveLength(1);
    expect(taken(killedDelivery[0]!.message_id)).toHaveLength(1);
    const heldId = readMail(held.mail.raw).messageId;
    expect(byMessageId.get(heldId)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(taken(heldId)).toHaveLength(1);
    expect(deliveries.filter((delivery) => delivery.attempts !== 1)).toHaveLength(1);

    console.log(
      `report cycle drill: ${TICKS} ticks over ${CONSOLES} consoles, ${runs.length} runs, ${drill.taken.length} mails, ` +
        `killed console ${kill.console} at tick ${kill.tick}, stopped console ${held.console} at tick ${held.tick}, ` +
        `${seconds.toFixed(1)} s`,
    );
  });
});
