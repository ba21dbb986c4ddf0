import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, lastCodeFor, type TestApp, uniqueIdentity } from '../../../test/helpers.ts';
import { createMailer } from '../../mail/mailer.ts';

describeApi('mail without an SMTP server: printed, kept, and readable while the console runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
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
    const reply = await t.app.inject({ method: 'GET', url: `/outbox?to=${encodeURIComponent(email.toUpperCase())}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    expect(reply.body).toContain(`mail to ${email}`);
    expect(reply.body).toContain(code);
    expect(reply.body.match(/\+-- mail to/g)).toHaveLength(1);
    const nobody = await t.app.inject({ method: 'GET', url: '/outbox?to=nobody@example.com' });
    expect(nobody.body).toBe('No mail to nobody@example.com yet.\n');
    expect((await t.app.inject({ method: 'GET', url: '/outbox?limit=0' })).statusCode).toBe(400);
  });

  it('is not there for another machine, through a proxy, or when mail goes out by SMTP', async () => {
    // Refused, the path answers as any unknown path does (the web page, or a 404 without a built web app).
    const looksUnknown = async (
      app: TestApp['app'],
      options: { remoteAddress?: string; headers?: Record<string, string> },
    ) => {
      const reply = await app.inject({ method: 'GET', url: '/outbox', ...options });
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
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--port', String(port), '--to', email]);
    expect(stdout).toContain(`mail to ${email}`);
    expect(stdout).toContain('código de registro');
    expect(stdout).toContain(code);
  });
});
