// npm run mail [-- --to <address>] [-- --limit <n>]: prints the newest messages the running console kept
// in its outbox (no SMTP_URL). The embedded database is locked by the running console, so this asks the
// console itself: GET /outbox on this machine, with the token the console keeps in DATA_DIR/outbox-token
// (mode 0600; docs/decisions.md, "Mail without an SMTP server").
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    limit: { type: 'string', default: '5' },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const port = values.port ?? process.env.PORT ?? '8080';
const tokenFile = join(resolve(values['data-dir'] ?? process.env.DATA_DIR ?? '.data'), 'outbox-token');
let token;
try {
  token = readFileSync(tokenFile, 'utf8').trim();
} catch {
  console.error(
    `No outbox token at ${tokenFile}: start the console first (npm start), or pass --data-dir (or set DATA_DIR) as it was started.`,
  );
  process.exit(1);
}
const query = new URLSearchParams({ limit: values.limit });
if (values.to) query.set('to', values.to);
const url = `http://127.0.0.1:${port}/outbox?${query}`;

try {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  // Where the outbox is not served, the path answers as an unknown page does (the web app, or 404).
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/plain')) {
    console.error(
      `The console on port ${port} shows no outbox: it sends mail through SMTP_URL, uses DATABASE_URL without DEMO, or keeps its data in another DATA_DIR (pass --data-dir).`,
    );
    process.exit(1);
  }
  process.stdout.write(await answer.text());
  process.exit(answer.ok ? 0 : 1);
} catch {
  console.error(`No console answers on port ${port}. Start it with npm start (or pass --port, or set PORT).`);
  process.exit(1);
}
