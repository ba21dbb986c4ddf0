import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { outbox } from '../../db/schema.ts';
import { formatMailBlock } from '../../mail/mail-block.ts';
import { outboxTokenMatches } from '../../mail/outbox-token.ts';

/** Addresses of this machine as the socket reports them. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `GET /outbox` query: how many of the newest messages, optionally only those to one address. */
const OutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  to: z.string().trim().max(254).optional(),
});

/** Whether the console keeps its mail in an outbox to be read: no SMTP_URL, the embedded database or demo mode. */
export function outboxKept(config: Config): boolean {
  return !config.smtpUrl && (!config.databaseUrl || config.demo);
}

/**
 * The outbox is readable only where mail is kept, by a request carrying its credential (the token in
 * `DATA_DIR/outbox-token`, mode 0600, that `npm run mail` reads), from this machine itself and not passed
 * on by a proxy. The credential is what guards it: a forwarder on this machine adds no header, and
 * still has no token.
 */
function outboxReadable(config: Config, token: string | null, request: FastifyRequest): boolean {
  if (token === null || !outboxKept(config)) return false;
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  if (!LOOPBACK.has(request.raw.socket.remoteAddress ?? '')) return false;
  return outboxTokenMatches(request.headers.authorization, token);
}

/**
 * `GET /outbox`: the newest kept messages as plain text, newest first, each as printed in the terminal
 * (`npm run mail` reads it with the token of `DATA_DIR/outbox-token`, `ensureOutboxToken`). Anywhere it
 * is not readable it answers as any unknown path does.
 */
export function outboxRoutes(app: FastifyInstance, token: string | null): void {
  app.get('/outbox', async (request, reply) => {
    if (!outboxReadable(app.ctx.config, token, request)) return reply.callNotFound();
    const query = OutboxQuery.safeParse(request.query);
    if (!query.success) {
      return reply.code(400).type('text/plain; charset=utf-8').send('limit is 1-100; to is one e-mail address\n');
    }
    const { limit, to } = query.data;
    const rows = await app.ctx.db
      .select()
      .from(outbox)
      .where(to ? eq(sql`lower(${outbox.toAddress})`, to.toLowerCase()) : undefined)
      .orderBy(desc(outbox.id))
      .limit(limit);
    const text =
      rows.length === 0
        ? `No mail${to ? ` to ${to}` : ''} yet.\n`
        : rows
            .map((row) =>
              formatMailBlock({ to: row.toAddress, subject: row.subject, text: row.textBody, at: row.createdAt }),
            )
            .join('\n');
    return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
  });
}
