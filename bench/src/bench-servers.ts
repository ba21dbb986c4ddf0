// Child process of api-throughput.ts: serves a bare Fastify hello route (no database), a bare route and
// the full console app on one database, the last two doing the same read of one user row, and prints the
// ports and a signed session.
import { calls, signParams } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { DEMO_LOGIN, seedDemo } from '../../apps/server/src/demo/seed-demo.ts';

const secret = 'bench-signing-secret-0123456789';
const serverUrl = process.env.BENCH_DATABASE_URL;
// On PostgreSQL the bench works in a scratch database of its own, dropped at the end.
const scratch = `lw_bench_${process.pid}`;
if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const database = await openDatabase({ url: serverUrl && withDatabase(serverUrl, scratch), dataDir: 'memory://' });
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', SIGNING_SECRET: secret, DEMO: 'true' }),
  database,
});
const uid = await seedDemo(app.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.post('/hello', async () => ({ hello: 'world' }));
bare.post('/bare', async () => {
  const [row] = await database.db.select().from(users).where(eq(users.id, uid)).limit(1);
  return { code: 0, data: { uid: row!.id, name: row!.name, email: row!.email } };
});
await bare.listen({ port: 0, host: '127.0.0.1' });

const login = await app.inject({
  method: 'POST',
  url: calls.login.path,
  payload: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
});
const { token } = JSON.parse(login.body).data as { token: string };
const body: Record<string, unknown> = { token, uid, version: '1.0.0', platform: 3, bundle: 'southgate' };
body.sign = signParams(body, secret);

const port = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({ kind: database.kind, appPort: port(app), barePort: port(bare), infoBody: body, login: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password } })}\n`,
);
process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await database.close();
  if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  process.exit(0);
});

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
