import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { outbox } from '../../db/schema.ts';
import { formatMailBlock } from '../../mail/mail-block.ts';

/** Addresses of this machine as the socket reports them. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `GET /outbox` query: how many of the newest messages, optionally only those to one address. */
const OutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  to: z.string().trim().max(254).optional(),
});

/**
 * The outbox is readable only where mail cannot leave and nobody else is asking: no SMTP_URL, the
 * embedded database or demo mode, and a request from this machine itself, not passed on by a proxy.
 */
export function outboxReadable(config: Config, request: FastifyRequest): boolean {
  if (config.smtpUrl || (config.databaseUrl && !config.demo)) return false;
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '');
}

/**
 * `GET /outbox`: the newest kept messages as plain text, newest first, each as printed in the terminal
 * (`npm run mail` reads it). Anywhere it is not readable it answers as any unknown path does.
 */
export function outboxRoutes(app: FastifyInstance): void {
  app.get('/outbox', async (request, reply) => {
    if (!outboxReadable(app.ctx.config, request)) return reply.callNotFound();
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
