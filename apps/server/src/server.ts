import { join } from 'node:path';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { demoFleet } from './demo/demo-fleet.ts';
import { DEMO_LOGIN, seedDemo } from './demo/seed-demo.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { fileClock } from './lib/file-clock.ts';
import { PhaseClock } from './lib/phase-clock.ts';
import { lockDataDir } from './start/data-dir-lock.ts';
import { stopGracefully } from './start/graceful-stop.ts';
import { handOver } from './start/hand-over.ts';
import { logMemory } from './start/memory-log.ts';
import { createPgliteDataDir } from './start/pglite-data-dir.mjs';
import { explainStartFailure, StartFailure, type StartStep } from './start/start-failure.ts';

// Everything before this line is Node.js starting and loading the modules.
const clock = new PhaseClock();
let step: StartStep = 'config';
let config: Config | undefined;
let releaseDataDir: (() => void) | undefined;
let database: Database | undefined;

try {
  config = loadConfig();
  const now = config.clockFile ? clockFrom(config.clockFile) : undefined;
  step = 'database';
  const { dataDir, databaseUrl } = config;
  releaseDataDir = databaseUrl ? undefined : lockDataDir(dataDir);
  if (!databaseUrl) await clock.time('database create', () => createPgliteDataDir(dataDir));
  database = await clock.time('database', () => openDatabase({ url: databaseUrl, dataDir }, clock));
  step = 'app';
  const app = await clock.time('app', () => buildApp({ config: config!, database: database!, timer: clock, now }));
  if (config.demo) await clock.time('demo seed', () => seedDemo(app.ctx));
  const stopScheduler = startScheduler(app.ctx, app.log);
  stopGracefully(app, {
    stopJobs: stopScheduler,
    async release() {
      await database?.close();
      releaseDataDir?.();
    },
  });
  step = 'listen';
  await clock.time('listen', () => app.listen({ port: config!.port, host: config!.host }));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The demo gateways keep their unconfirmed reports beside the database: a history cut short by a stop
  // is sent on at the next start.
  const fleet = config.demo
    ? await clock.time('demo fleet', () =>
        demoFleet(app.ctx, `http://127.0.0.1:${port}`, { stateDir: join(dataDir, 'simulator') }),
      )
    : null;
  app.log.debug({ phases: clock.phases, totalMs: clock.total() }, 'start phases');
  printBanner(config, database);
  app.log.info({ url: config.publicUrl }, 'console ready');
  logMemory(app.log);
  handOver(app.log, { url: config.publicUrl, fleet, simulatorPort: config.simulatorHttpPort, phases: clock.phases });
} catch (error) {
  const explained = explainStartFailure(error, step, config);
  await database?.close().catch(() => undefined);
  releaseDataDir?.();
  if (!explained) throw error;
  process.stderr.write(`${explained}\n`);
  process.exit(1);
}

/** The console's clock from CLOCK_FILE, or a start failure naming the setting. */
function clockFrom(path: string): () => Date {
  try {
    return fileClock(path);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new StartFailure(`CLOCK_FILE: ${why}. Write {"at":"<ISO instant>"} there, or unset CLOCK_FILE.`);
  }
}

/** The start banner: where the console is, its database and mail, and the demo login. Plain text in every log format. */
function printBanner(config: Config, database: Database): void {
  const lines = [
    '',
    `  Lightwell console is running at ${config.publicUrl}`,
    `  database: ${database.kind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : 'printed here and kept in the outbox (no SMTP_URL); again: npm run mail'}`,
    ...(config.clockFile ? [`  clock: read from CLOCK_FILE ${config.clockFile} (drills and tests only)`] : []),
    ...(config.demo ? [`  demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
