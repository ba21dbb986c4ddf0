import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, lastCodeFor, type TestApp, uniqueIdentity } from '../../../test/helpers.ts';
import { createMailer } from '../../mail/mailer.ts';
import { OUTBOX_TOKEN_FILE } from '../../mail/outbox-token.ts';

describeApi('mail without an SMTP server: printed, kept, and readable while the console runs', () => {
  let t: TestApp;
  /** What `npm run mail` sends: the token of DATA_DIR/outbox-token. */
  let authorization: string;
  beforeAll(async () => {
    t = await buildTestApp();
    authorization = `Bearer ${readFileSync(join(t.app.ctx.config.dataDir, OUTBOX_TOKEN_FILE), 'utf8').trim()}`;
  });
  afterAll(() => t.close());

  it('prints each kept message as one block: recipient, subject and the code', async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      db: t.db,
      smtpUrl: undefined,
      from: 'x',
      log: t.app.log,
      print: (b) => printed.push(b),
    });
    await mailer.send('anna@example.com', { name: 'registerCode', code: '042137' }, 2);
    expect(printed).toHaveLength(1);
    const block = printed[0]!;
    expect(block).toContain('mail to anna@example.com');
    expect(block).toMatch(/Subject: .*Registrierungscode.*042137/);
    expect(block).toMatch(/^\| +042137$/m);
  });

  it('GET /outbox from this machine lists the newest messages, filtered by address, as plain text', async () => {
    const { email } = uniqueIdentity();
    expect((await call(t.app, 'registerCode', { email, language: 0 })).body.code).toBe(0);
    const code = await lastCodeFor(t.db, email, 'registerCode');
    const reply = await t.app.inject({
      method: 'GET',
      url: `/outbox?to=${encodeURIComponent(email.toUpperCase())}`,
      headers: { authorization },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    expect(reply.body).toContain(`mail to ${email}`);
    expect(reply.body).toContain(code);
    expect(reply.body.match(/\+-- mail to/g)).toHaveLength(1);
    const nobody = await t.app.inject({
      method: 'GET',
      url: '/outbox?to=nobody@example.com',
      headers: { authorization },
    });
    expect(nobody.body).toBe('No mail to nobody@example.com yet.\n');
    expect((await t.app.inject({ method: 'GET', url: '/outbox?limit=0', headers: { authorization } })).statusCode).toBe(
      400,
    );
  });

  it('keeps its token in a file only the console user reads, and is not there without it', async () => {
    const file = join(t.app.ctx.config.dataDir, OUTBOX_TOKEN_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { email } = uniqueIdentity();
    expect((await call(t.app, 'registerCode', { email, language: 0 })).body.code).toBe(0);
    // From this machine, as a same-host forwarder passes a request on (no forwarding header), with no or a
    // wrong token: the path answers as any unknown path does, and no code leaves.
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const headers of [{}, { authorization: 'Bearer 00' }, { authorization: `Bearer ${'0'.repeat(64)}` }]) {
      const reply = await t.app.inject({ method: 'GET', url: '/outbox', headers });
      expect(reply.body).not.toContain('mail to');
      expect([reply.statusCode, reply.headers['content-type']]).toEqual([
        unknown.statusCode,
        unknown.headers['content-type'],
      ]);
    }
  });

  it('is not there for another machine, through a proxy, or when mail goes out by SMTP', async () => {
    // Refused, the path answers as any unknown path does (the web page, or a 404 without a built web app).
    const looksUnknown = async (
      app: TestApp['app'],
      options: { remoteAddress?: string; headers?: Record<string, string> },
    ) => {
      const reply = await app.inject({
        method: 'GET',
        url: '/outbox',
        ...options,
        headers: { authorization, ...options.headers },
      });
      const unknown = await app.inject({ method: 'GET', url: '/no-such-page', ...options });
      expect(reply.body).not.toContain('mail to');
      expect([reply.statusCode, reply.headers['content-type']]).toEqual([
        unknown.statusCode,
        unknown.headers['content-type'],
      ]);
    };
    await looksUnknown(t.app, { remoteAddress: '192.0.2.7' });
    await looksUnknown(t.app, { headers: { 'x-forwarded-for': '192.0.2.7' } });
    const withSmtp = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      await looksUnknown(withSmtp.app, {});
    } finally {
      await withSmtp.close();
    }
  });

  it("npm run mail prints the running console's newest messages to an address", async () => {
    const { email } = uniqueIdentity();
    expect((await call(t.app, 'registerCode', { email, language: 3 })).body.code).toBe(0);
    const code = await lastCodeFor(t.db, email, 'registerCode');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const script = fileURLToPath(new URL('../../../../../scripts/mail.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--port', String(port), '--to', email], {
      env: { ...process.env, DATA_DIR: t.app.ctx.config.dataDir },
    });
    expect(stdout).toContain(`mail to ${email}`);
    expect(stdout).toContain('código de registro');
    expect(stdout).toContain(code);
  });
});
