import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addressAllowList } from '../../lib/address-allow.ts';
import type { MetricsText } from '../../lib/metrics.ts';
import { readinessOf } from './readiness.ts';

const ChecksSchema = z.object({ database: z.boolean(), migrations: z.boolean(), broker: z.boolean() });

/**
 * Probes and metrics for whoever runs the console (docs/operations.md), outside `/api/v1` and without a
 * session:
 * - `GET /healthz`: 200 `{status:"ok"}` as long as the process serves (liveness);
 * - `GET /readyz`: 200 when the database answers, its migrations are applied and the MQTT connection is up,
 *   else 503 naming the failed checks (readiness: a load balancer sends this process nothing meanwhile);
 * - `GET /metrics`: Prometheus' text format, to the addresses METRICS_ALLOW lists (judged on the proxy's
 *   forwarded address only with TRUST_PROXY); anyone else gets the 404 of an unknown path.
 */
export function healthRoutes(app: FastifyInstance, metrics: MetricsText): void {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: 200 as long as the process serves',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  const readiness = readinessOf(app.ctx);
  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: database, migrations and the broker connection; 503 names what failed',
        response: {
          200: z.object({ status: z.literal('ready'), checks: ChecksSchema }),
          503: z.object({ status: z.literal('unready'), checks: ChecksSchema }),
        },
      },
    },
    async (_request, reply) => {
      const checks = await readiness();
      const ready = checks.database && checks.migrations && checks.broker;
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'unready', checks });
    },
  );

  const allowed = addressAllowList(app.ctx.config.metricsAllow);
  app.get(
    '/metrics',
    { schema: { summary: 'Prometheus metrics, to the addresses METRICS_ALLOW lists (404 to anyone else)' } },
    async (request, reply) => {
      // `request.ip` is the socket's address, or the proxy's forwarded one when TRUST_PROXY is set.
      if (!allowed(request.ip)) return reply.callNotFound();
      return reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.text());
    },
  );
}
