import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type MetricsText, processRegistry } from '../lib/metrics.ts';

/** Seconds an answer may take, as the latency histogram's buckets: from a cached read to a report build. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route label of a request no route matched (unknown paths, the web app's pages): one series, not one a URL. */
const UNMATCHED = 'unmatched';

/**
 * The app's metrics: HTTP requests and their latency by method, route pattern and status (counted as each
 * answer ends), and the gateway link's report pipeline read at scrape time: messages received and not yet
 * applied, and how long the oldest of them has waited. Answers them with the process's own
 * (`lib/metrics.ts`) in Prometheus' text format. Registered before the routes, so its hook sees all of them.
 */
export function registerMetrics(app: FastifyInstance): MetricsText {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its answer, by method, route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED),
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  new Gauge({
    name: 'lightwell_ingest_queue_depth',
    help: 'Gateway messages received and not yet applied: waiting in the report pipeline’s queue or in a round in hand.',
    registers: [registry],
    collect() {
      this.set(app.ctx.link.backlog().messages);
    },
  });
  new Gauge({
    name: 'lightwell_ingest_lag_seconds',
    help: 'How long the oldest gateway message received and not yet applied has waited (0 when none waits).',
    registers: [registry],
    collect() {
      const oldest = app.ctx.link.backlog().oldestReceivedAt;
      this.set(oldest ? Math.max(0, (app.ctx.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  return {
    contentType: registry.contentType,
    text: () => Registry.merge([processRegistry, registry]).metrics(),
  };
}
