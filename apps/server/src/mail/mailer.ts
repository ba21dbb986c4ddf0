import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { Counter } from 'prom-client';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { processRegistry } from '../lib/metrics.ts';
import { formatMailBlock } from './mail-block.ts';
import { type MailTemplate, renderMail } from './templates.ts';

/** What a message carries besides its text: a fixed Message-ID, extra headers, attached files. */
interface MailEnvelope {
  /** The Message-ID header, `<…@…>`: a message sent again with the same id is the same message to a mail system. */
  messageId?: string;
  /** Extra header fields (`List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What the mail server answered for a message: its Message-ID and reply (`250 … queued as …`), or `kept`. */
interface MailReceipt {
  messageId: string | null;
  answer: string;
}

/** Sends the console's e-mails. */
export interface Mailer {
  /** Renders and sends a message; rejects when the SMTP server refuses it. */
  send(to: string, template: MailTemplate, language: number, envelope?: MailEnvelope): Promise<MailReceipt | undefined>;
  close(): void;
}

/** Messages by template and what became of them: `sent` by SMTP, `failed` there, or `kept` in the outbox. */
const mailOutcomes = new Counter({
  name: 'lightwell_mails_total',
  help: 'Mails by kind (template) and outcome: sent, failed, or kept in the outbox without SMTP_URL.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});

/**
 * Limits of one SMTP delivery, so that a hung mail server gives up well within the lease of a report
 * delivery (docs/decisions.md "Report cycles"); settings in `SMTP_URL` still win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Mailer writing every message to the outbox table. With `smtpUrl` it also delivers the message
 * through nodemailer and records whether that worked; without it the message stays in the outbox
 * (status `kept`), one log line says so, and `print` (the terminal of `npm start`) gets the whole message
 * as one readable block, so a person can register and share without a mail server.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Where a kept message is shown to a person; nothing is printed without it. */
  print?: ((block: string) => void) | undefined;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }) : null;
  return {
    async send(to, template, language, envelope = {}) {
      const mail = renderMail(template, language);
      const [row] = await options.db
        .insert(outbox)
        .values({
          toAddress: to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          template: template.name,
          language,
          status: transport ? 'sending' : 'kept',
        })
        .returning({ id: outbox.id });
      if (!transport) {
        mailOutcomes.inc({ kind: template.name, outcome: 'kept' });
        options.log.info({ to, template: template.name, outboxId: row?.id }, 'mail kept in outbox (no SMTP_URL)');
        options.print?.(formatMailBlock({ to, subject: mail.subject, text: mail.text, at: new Date() }));
        return { messageId: envelope.messageId ?? null, answer: 'kept' };
      }
      try {
        const info = await transport.sendMail({
          from: options.from,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(envelope.messageId ? { messageId: envelope.messageId } : {}),
          ...(envelope.headers ? { headers: envelope.headers } : {}),
          ...(envelope.attachments ? { attachments: envelope.attachments } : {}),
        });
        mailOutcomes.inc({ kind: template.name, outcome: 'sent' });
        await options.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, row!.id));
        return { messageId: info.messageId ?? null, answer: String(info.response ?? '') };
      } catch (error) {
        mailOutcomes.inc({ kind: template.name, outcome: 'failed' });
        const message = error instanceof Error ? error.message : String(error);
        await options.db.update(outbox).set({ status: 'failed', error: message }).where(eq(outbox.id, row!.id));
        options.log.warn({ to, template: template.name, err: message }, 'mail delivery failed');
        throw error;
      }
    },
    close() {
      transport?.close();
    },
  };
}
