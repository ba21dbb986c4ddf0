import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { purgeExpired } from './purge-expired.ts';
import { purgeRecycleBin } from './purge-recycle-bin.ts';
import { runOnce } from './run-once.ts';
import { runSchedules } from './run-schedules.ts';

/** A scheduled job: its slot for a moment in time (the job runs once per slot) and its work. */
interface Job {
  name: string;
  slot(now: Date): string;
  run(ctx: AppContext): Promise<string>;
}

const hourly = (now: Date) => now.toISOString().slice(0, 13);
const minutely = (now: Date) => now.toISOString().slice(0, 16);

/** The jobs of this version. */
export const JOBS: Job[] = [
  { name: 'purge-expired', slot: hourly, run: purgeExpired },
  { name: 'purge-recycle-bin', slot: hourly, run: purgeRecycleBin },
  { name: 'run-schedules', slot: minutely, run: (ctx) => runSchedules(ctx) },
];

/** Runs every job whose current slot no process has run yet. */
export async function tick(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  for (const job of JOBS) {
    try {
      await runOnce(ctx.db, job.name, job.slot(ctx.now()), () => job.run(ctx));
    } catch (error) {
      log.error({ err: error, job: job.name }, 'scheduled job could not run');
    }
  }
}

/** Checks the schedule every minute until stopped. */
export function startScheduler(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => void tick(ctx, log), 60_000);
  timer.unref();
  void tick(ctx, log);
  return () => clearInterval(timer);
}
