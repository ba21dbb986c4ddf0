import { afterAll, beforeAll, expect, it } from 'vitest';
import { figuresLine, ScheduledWorkDrill } from './drills/scheduled-work.ts';
import { START, seedScheduledWork, tickInstants } from './drills/scheduled-work-plan.ts';
import { describeDeployment } from './mqtt/mosquitto.ts';

/*
 * The scheduled-work drill: three consoles, as `npm start` ships them, on one PostgreSQL database and one
 * Mosquitto, their clock read from one CLOCK_FILE that the drill moves on 400 times through January 2026
 * and into February in Europe/London, each time waiting until one of them has run the schedules and the
 * self-test job for that minute. On the way, the console that claimed a minute's `run-schedules` slot is
 * killed (SIGKILL) in the middle of that slot's work and started again (another takes the slot over, as its
 * holder no longer runs); console 1 is stopped (SIGTERM) just after the clock moved and started again. At the end every light-schedule firing
 * that fell due (as the domain's `firingMinutes` says) was claimed once and stored one command, and every
 * self-test window that opened (`windowsBetween`) was planned and started once and, once closed, graded
 * once: one `missed` record per fitting. `npm run drill:scheduled-work` runs it longer (1,200 ticks).
 */
const describeThree = await describeDeployment();
const TICKS = 400;
const DAYS = 34;

describeThree('scheduled work drill: three consoles on PostgreSQL, 400 ticks, killed and stopped', () => {
  const drill = new ScheduledWorkDrill();
  beforeAll(() => drill.setUp(), 240_000);
  afterAll(() => drill.tearDown());

  it('runs every schedule firing and self-test window exactly once', { timeout: 600_000 }, async () => {
    const site = await seedScheduledWork(drill.url);
    const instants = tickInstants(site, TICKS, DAYS);
    expect(instants).toHaveLength(TICKS);
    expect(instants[0]!).toBeGreaterThan(START);

    const started = Date.now();
    await drill.run(instants);
    const seconds = (Date.now() - started) / 1000;
    const figures = await drill.count(site, instants.at(-1)!, TICKS);
    console.log(figuresLine(figures, seconds));

    expect(drill.killedAt).toBeGreaterThan(0);
    expect(drill.stoppedAt).toBeGreaterThan(drill.killedAt);
    // The killed console's claim was taken over.
    expect(figures.kills.takenOver).toBeGreaterThanOrEqual(1);
    const { firings, windows } = figures;
    // Three light schedules over 34 days: every evening, weekday mornings, 96 quarter hours on the 5th.
    expect(firings.expected).toBeGreaterThanOrEqual(150);
    expect(firings.missing).toEqual([]);
    expect(firings.extra).toEqual([]);
    expect([firings.ran, firings.doubled]).toEqual([firings.expected, 0]);
    // Two monthly function tests and the yearly duration test in January (closed on 1 February), the first
    // function test's window of February open.
    expect([windows.expected, windows.closed]).toEqual([4, 3]);
    expect(windows.wrong).toEqual([]);
    expect([windows.started, windows.graded, windows.doubled]).toEqual([windows.expected, windows.closed, 0]);
    expect(windows.batches.tasks).toBe(windows.batches.started);
  });
});
