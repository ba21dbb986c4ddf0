// npm run mail [-- --to <address>] [-- --limit <n>]: prints the newest messages the running console kept
// in its outbox (no SMTP_URL). The embedded database is locked by the running console, so this asks the
// console itself: GET /outbox on this machine (docs/decisions.md, "Mail without an SMTP server").
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { to: { type: 'string' }, limit: { type: 'string', default: '5' }, port: { type: 'string' } },
});
const port = values.port ?? process.env.PORT ?? '8080';
const query = new URLSearchParams({ limit: values.limit });
if (values.to) query.set('to', values.to);
const url = `http://127.0.0.1:${port}/outbox?${query}`;

try {
  const answer = await fetch(url);
  // Where the outbox is not served, the path answers as an unknown page does (the web app, or 404).
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/plain')) {
    console.error(
      `The console on port ${port} shows no outbox: it sends mail through SMTP_URL, uses DATABASE_URL without DEMO, or is an older version.`,
    );
    process.exit(1);
  }
  process.stdout.write(await answer.text());
  process.exit(answer.ok ? 0 : 1);
} catch {
  console.error(`No console answers on port ${port}. Start it with npm start (or pass --port, or set PORT).`);
  process.exit(1);
}
