import { writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/** Path of the committed API contract. */
export const OPENAPI_FILE = new URL('../../../docs/openapi.json', import.meta.url).pathname;

/** The OpenAPI document as served at /api/docs/json, formatted for committing. */
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}

// `npm run openapi` regenerates docs/openapi.json from the zod schemas.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', SIGNING_SECRET: 'x'.repeat(32), MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' }),
    database,
  });
  await app.ready();
  writeFileSync(OPENAPI_FILE, openApiText(app));
  await app.close();
  await database.close();
  console.log(`wrote ${OPENAPI_FILE}`);
}
