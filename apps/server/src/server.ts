import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startDemoSimulator } from './demo/run-simulator.ts';
import { DEMO_LOGIN, seedDemo } from './demo/seed-demo.ts';
import { startScheduler } from './jobs/scheduler.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });
if (config.demo) await seedDemo(app.ctx);
const stopScheduler = startScheduler(app.ctx, app.log);
await app.listen({ port: config.port, host: config.host });
const listening = app.server.address();
const demoSimulator = config.demo
  ? await startDemoSimulator(app.ctx, {
      httpUrl: `http://127.0.0.1:${typeof listening === 'object' && listening ? listening.port : config.port}`,
      controlPort: config.simulatorHttpPort,
      log: app.log,
    })
  : null;

const lines = [
  '',
  `  Lightwell console is running at ${config.publicUrl}`,
  `  database: ${database.kind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  `  mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : 'kept in the outbox table (no SMTP_URL)'}`,
  ...(config.demo ? [`  demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`] : []),
  ...(demoSimulator
    ? [
        `  simulated gateways: ${[...demoSimulator.simulator.gateways.keys()].join(', ')}${demoSimulator.control ? ` (status: ${demoSimulator.control.url}/state)` : ''}`,
      ]
    : []),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  stopScheduler();
  await demoSimulator?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
