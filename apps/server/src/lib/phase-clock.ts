/** Something that times named steps; the database takes one to tell opening from migrating. */
export interface PhaseTimer {
  time<T>(name: string, step: () => Promise<T>): Promise<T>;
}

/**
 * Times the steps of a start, to show where it goes (LOG_LEVEL=debug prints them, `npm run
 * bench:restart` collects them). The first entry, `node and modules`, is the time from the process start
 * to the clock's creation: Node.js starting and loading the code.
 */
export class PhaseClock implements PhaseTimer {
  /** Milliseconds per step, in the order they ran. */
  readonly phases: Record<string, number> = { 'node and modules': Math.round(performance.now()) };

  /** Runs a step and records its time (nested steps are recorded on their own as well). */
  async time<T>(name: string, step: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await step();
    } finally {
      this.phases[name] = Math.round(performance.now() - started);
    }
  }

  /** Milliseconds since the process started. */
  total(): number {
    return Math.round(performance.now());
  }
}
