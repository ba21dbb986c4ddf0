// The scheduled-work drill: three consoles on one database run the light schedules and the emergency
// self-test windows of one site while the clock moves on tick by tick; one console is killed (SIGKILL)
// while it holds a job slot's claim and started again, another stopped (SIGTERM) in the middle of a tick
// and started again. Afterwards the database is counted against what the domain says fell due.
import { ConsoleDrill, ended, minuteSlot, pause } from './console-drill.ts';
import { CONSOLES, type DrillSite } from './scheduled-work-plan.ts';

/** The jobs a tick waits for: every console may run them, one does per minute slot. */
const TICK_JOBS = ['run-schedules', 'emergency-tests'];
/** Ticks a killed or stopped console stays down while the others go on. */
const TICKS_DOWN = 10;

/** What the drill counted: figures, and the slots that were missing or doubled (empty when exactly once). */
interface ScheduledWorkFigures {
  ticks: number;
  firings: { expected: number; ran: number; doubled: number; missing: string[]; extra: string[] };
  windows: {
    expected: number;
    started: number;
    closed: number;
    graded: number;
    doubled: number;
    batches: { started: number; tasks: number };
    wrong: string[];
  };
  kills: { killed: number; stopped: number; takenOver: number };
}

/** The process id in a claim's holder signature (`<host>:<pid namespace>:<pid>:<random>`). */
const pidOfHolder = (holder: string) => Number(holder.split(':')[2]);

/** The consoles of the scheduled-work drill. */
export class ScheduledWorkDrill extends ConsoleDrill {
  /** The tick at which a console was killed, and the one at which another was stopped. */
  killedAt = -1;
  stoppedAt = -1;
  /** The console killed while it held the tick's `run-schedules` claim. */
  private killed = -1;

  constructor() {
    super(CONSOLES, 'scheduled-work-drill');
  }

  /** Waits until the tick's jobs of its minute have finished, in whichever console ran them. */
  private async passAt(atMs: number, tick: number): Promise<void> {
    const until = Date.now() + 90_000;
    for (;;) {
      const done = await this.rows<{ n: number }>(
        'SELECT count(*)::int AS n FROM job_runs WHERE name = ANY($1) AND slot = $2 AND finished_at IS NOT NULL',
        [TICK_JOBS, minuteSlot(atMs)],
      );
      if (done[0]!.n === TICK_JOBS.length) return;
      if (Date.now() > until) {
        throw new Error(`no pass at ${new Date(atMs).toISOString()} (tick ${tick})\n${this.logs()}`);
      }
      await pause(5);
    }
  }

  /**
   * Moves the clock to `atMs` while the drill holds the schedules table, so the console that claims the
   * minute's `run-schedules` slot stops in its work; kills that console (SIGKILL) while it holds the claim,
   * then lets the table go. Another console takes the slot over. Answers the killed console's index.
   */
  private async killHolder(atMs: number, tick: number): Promise<number> {
    await this.rows('BEGIN');
    await this.rows('LOCK TABLE schedules IN ACCESS EXCLUSIVE MODE');
    this.writeClock(atMs);
    const until = Date.now() + 90_000;
    let holder: string | undefined;
    while (!holder) {
      const [claim] = await this.rows<{ holder: string }>(
        `SELECT holder FROM job_runs WHERE name = 'run-schedules' AND slot = $1 AND finished_at IS NULL`,
        [minuteSlot(atMs)],
      );
      holder = claim?.holder;
      if (Date.now() > until) throw new Error(`no claim at tick ${tick}\n${this.logs()}`);
      if (!holder) await pause(5);
    }
    const index = this.consoles.findIndex((entry) => entry.child?.pid === pidOfHolder(holder));
    if (index < 0) throw new Error(`the claim's holder ${holder} is no console of the drill`);
    await this.stopConsole(index, 'SIGKILL');
    await this.rows('COMMIT');
    return index;
  }

  /**
   * Runs the consoles through the instants, a tick each. At 35% of the ticks the console that claimed the
   * tick's `run-schedules` slot is killed (SIGKILL) in the middle of that slot's work (`killHolder`); at
   * 70% console 1 is stopped (SIGTERM) right after the clock moved, while it may be in the middle of the
   * tick's jobs. Each starts again TICKS_DOWN ticks later.
   */
  async run(instants: readonly number[]): Promise<void> {
    this.writeClock(instants[0]!);
    await Promise.all(this.consoles.map((_, index) => this.startConsole(index)));
    const killAt = Math.round(instants.length * 0.35);
    const stopAt = Math.round(instants.length * 0.7);
    let stopping: Promise<void> | null = null;
    for (let tick = 0; tick < instants.length; tick++) {
      const at = instants[tick]!;
      if (tick === killAt) {
        this.killedAt = tick;
        this.killed = await this.killHolder(at, tick);
      } else this.writeClock(at);
      if (tick === stopAt) {
        this.stoppedAt = tick;
        stopping = this.stopConsole(1, 'SIGTERM');
      }
      await this.passAt(at, tick);
      if (tick === killAt + TICKS_DOWN) await this.startConsole(this.killed);
      if (tick === stopAt + TICKS_DOWN) {
        await stopping;
        await this.startConsole(1);
      }
    }
    const down = this.consoles.findIndex((entry) => !entry.child || ended(entry.child));
    if (down >= 0) throw new Error(`console ${down} is not running at the end\n${this.logs()}`);
  }

  /** Counts the firings and the self-test windows against what fell due by `lastMs`. */
  async count(site: DrillSite, lastMs: number, ticks: number): Promise<ScheduledWorkFigures> {
    return {
      ticks,
      firings: await this.countFirings(site, lastMs),
      windows: await this.countWindows(site, lastMs),
      kills: {
        killed: this.killedAt >= 0 ? 1 : 0,
        stopped: this.stoppedAt >= 0 ? 1 : 0,
        takenOver: (await this.rows<{ n: number }>('SELECT count(*)::int AS n FROM job_runs WHERE claims > 1'))[0]!.n,
      },
    };
  }

  /**
   * Each firing due: its claim (job run `schedule:<id>` of its minute, finished) and one command task of the
   * schedule's target stored in that minute; nothing else.
   */
  private async countFirings(site: DrillSite, lastMs: number) {
    const due = site.firings(lastMs).flatMap((item) => item.minutes.map((minute) => `${item.id} ${minute}`));
    const claims = await this.rows<{ name: string; slot: string; finished: boolean }>(
      `SELECT name, slot, finished_at IS NOT NULL AS finished FROM job_runs WHERE name LIKE 'schedule:%'`,
    );
    const ran = claims.filter((claim) => claim.finished).map((claim) => `${claim.name.slice(9)} ${claim.slot}`);
    // The command tasks the firings stored, each under its schedule (by target and action) and minute.
    const tasks = await this.rows<{ id: number; minute: string }>(
      `SELECT s.id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS minute
         FROM tasks t JOIN schedules s ON s.nid = t.nid AND s.target_kind = t.target_kind
          AND s.target_id IS NOT DISTINCT FROM t.target_id AND t.action->>'op' = 'light'
          AND t.action->>'onOff' = s.action->>'onOff'
        WHERE t.nid = $1`,
      [site.nid],
    );
    const sent = tasks.map((task) => `${task.id} ${task.minute}`);
    const ranSet = new Set(ran);
    const dueSet = new Set(due);
    return {
      expected: due.length,
      ran: due.filter((slot) => ranSet.has(slot) && sent.includes(slot)).length,
      doubled: sent.length - new Set(sent).size,
      missing: due.filter((slot) => !ranSet.has(slot) || !sent.includes(slot)),
      extra: [...ran, ...sent].filter((slot) => !dueSet.has(slot)),
    };
  }

  /**
   * Each window opened: planned once, each batch started once (claimed, and one test task sent for it); each
   * closed window graded once: one job run, one `missed` record per fitting. `wrong` names what was not.
   */
  private async countWindows(site: DrillSite, lastMs: number) {
    const due = site
      .windows(lastMs)
      .flatMap((item) => item.windows.map((window) => ({ key: `${item.id} ${window.start}`, ...window })));
    const batches = await this.rows<{ key: string; started: boolean }>(
      `SELECT schedule_id || ' ' || (extract(epoch FROM window_start) * 1000)::bigint AS key,
              started_at IS NOT NULL AS started FROM emergency_test_runs WHERE nid = $1 AND due_at <= $2`,
      [site.nid, new Date(lastMs)],
    );
    const testTasks = await this.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks WHERE nid = $1 AND action->>'op' <> 'light'`,
      [site.nid],
    );
    const grades = await this.rows<{ key: string; records: number; fittings: number; runs: number }>(
      `SELECT r.schedule_id || ' ' || (extract(epoch FROM r.window_start) * 1000)::bigint AS key,
              count(*)::int AS records, count(DISTINCT r.device_id)::int AS fittings,
              (SELECT count(*)::int FROM job_runs j WHERE j.name = 'emergency-grade:' || r.schedule_id
                AND j.slot = to_char(r.window_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                AND j.finished_at IS NOT NULL) AS runs
         FROM emergency_test_records r WHERE r.nid = $1 AND r.grade = 'missed' GROUP BY 1, r.schedule_id, r.window_start`,
      [site.nid],
    );
    const wrong: string[] = [];
    let started = 0;
    let graded = 0;
    for (const window of due) {
      const own = batches.filter((batch) => batch.key === window.key);
      if (own.length === 0 || own.some((batch) => !batch.started)) wrong.push(`${window.key} not started`);
      else started += 1;
      if (window.end > lastMs) continue;
      const grade = grades.find((item) => item.key === window.key);
      if (grade?.records === site.fittings.length && grade.fittings === site.fittings.length && grade.runs === 1)
        graded += 1;
      else wrong.push(`${window.key} graded ${JSON.stringify(grade ?? null)}`);
    }
    const startedBatches = batches.filter((batch) => batch.started).length;
    const doubledGrades = grades.reduce((sum, item) => sum + item.records - item.fittings, 0);
    return {
      expected: due.length,
      started,
      graded,
      doubled: Math.max(0, testTasks[0]!.n - startedBatches) + doubledGrades,
      closed: due.filter((window) => window.end <= lastMs).length,
      batches: { started: startedBatches, tasks: testTasks[0]!.n },
      wrong,
    };
  }
}

/** The drill's figures on one line. */
export function figuresLine(figures: ScheduledWorkFigures, seconds: number): string {
  const { firings, windows, kills } = figures;
  return (
    `scheduled-work drill: ${figures.ticks} ticks over ${CONSOLES} consoles, firings expected ${firings.expected} ` +
    `ran ${firings.ran} doubled ${firings.doubled} missing ${firings.missing.length}, windows expected ` +
    `${windows.expected} started ${windows.started} closed ${windows.closed} graded ${windows.graded} doubled ` +
    `${windows.doubled} (${windows.batches.started} batches, ${windows.batches.tasks} test tasks), ` +
    `killed ${kills.killed} (SIGKILL, holding a claim) stopped ${kills.stopped} (SIGTERM), slots taken over ` +
    `${kills.takenOver}, ${seconds.toFixed(1)} s`
  );
}
