import type { FastifyInstance } from 'fastify';

/** How long a stopping console may take to finish what it has in hand before it exits anyway (code 1). */
const STOP_GRACE_MS = 10_000;

/** What a stop needs besides the app: the scheduler's stop, and what the app does not own. */
interface StopSteps {
  /** Claims no job from now on; resolves once the jobs in hand have finished. */
  stopJobs(): Promise<void>;
  /** Closes the database and releases the data folder, once the app is closed. */
  release(): Promise<void>;
}

/**
 * Stops the console on SIGTERM, SIGINT or the end of the starting process (docs/operations.md, "Stopping"):
 * at once it claims no new job and accepts no new connection; requests in flight are answered, then the jobs
 * in hand finish, the gateway messages received are applied and the mails being sent get their answer;
 * then the database closes and the process exits 0. Past 10 s it exits 1 whatever is left. Call before
 * the app listens: the jobs' hook must run after the HTTP server closed and before the link and mailer do.
 */
export function stopGracefully(app: FastifyInstance, steps: StopSteps): void {
  let jobsStopped: Promise<void> | undefined;
  const stopJobs = () => {
    jobsStopped ??= steps.stopJobs();
    return jobsStopped;
  };
  // onClose hooks run last-registered first: this one after the HTTP server has closed (Fastify's own,
  // added once the app is ready) and before those of the link and the mailer the jobs may still use.
  app.addHook('onClose', async () => {
    await stopJobs();
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ graceMs: STOP_GRACE_MS }, 'still stopping after the grace time: exiting now');
      process.exit(1);
    }, STOP_GRACE_MS);
    force.unref();
    void stopJobs();
    try {
      await app.close();
      await steps.release();
    } catch (error) {
      app.log.error({ err: error }, 'stop failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Started by npm start: the start script going away ends this process too.
  process.on('disconnect', () => void stop('disconnect'));
}
