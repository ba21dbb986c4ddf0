import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox, verificationCodes } from '../src/db/schema.ts';
import { renderMail } from '../src/mail/templates.ts';
import { buildTestApp, call, describeApi, type TestApp, uniqueIdentity } from './helpers.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

describeApi('e-mail through a real SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Lightwell <console@example.com>' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers the registration code as text and HTML and marks it sent', async () => {
    const { email } = uniqueIdentity();
    expect((await call(t.app, 'registerCode', { email, language: 1 })).body.code).toBe(0);
    const mail = sink.mails.find((m) => m.to.includes(email));
    expect(mail).toBeTruthy();
    expect(mail!.raw).toContain('From: Lightwell <console@example.com>');
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(row).toMatchObject({ status: 'sent', language: 1, template: 'registerCode' });
    expect(row!.subject).toContain('注册验证码');
  });

  it('answers 1052 and keeps no code when the SMTP server cannot be reached', async () => {
    const broken = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port + 1}` });
    try {
      const { email } = uniqueIdentity();
      expect((await call(broken.app, 'registerCode', { email, language: 0 })).body.code).toBe(Code.mailFailed);
      expect(await broken.db.select().from(verificationCodes).where(eq(verificationCodes.email, email))).toEqual([]);
      const [row] = await broken.db.select().from(outbox).where(eq(outbox.toAddress, email));
      expect(row?.status).toBe('failed');
    } finally {
      await broken.close();
    }
  });
});

it.each([
  [0, 'registration code', 'valid for 10 minutes'],
  [1, '注册验证码', '10 分钟内有效'],
  [2, 'Registrierungscode', '10 Minuten gültig'],
  [3, 'código de registro', '10 minutos'],
])('renders the code e-mail in language %i', (language, subject, validity) => {
  const mail = renderMail({ name: 'registerCode', code: '042137' }, language);
  expect(mail.subject).toContain(subject);
  expect(mail.subject).toContain('042137');
  expect(mail.text).toContain(validity);
  expect(mail.html).toContain('042137');
  expect(mail.html).toContain(validity);
});

it('escapes addresses in HTML', () => {
  const mail = renderMail({ name: 'emailChanged', email: '<b>x</b>@example.com' }, 0);
  expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
  expect(mail.text).toContain('<b>x</b>@example.com');
});
