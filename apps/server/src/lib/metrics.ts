import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's own metrics registry: Node.js process metrics (CPU, memory, event loop, garbage
 * collection) and the counters of work that runs where no request exists (job claims, mails), which
 * modules register beside the code they count. `GET /metrics` serves it with the app's own registry.
 */
export const processRegistry = new Registry();

collectDefaultMetrics({ register: processRegistry });

/** Metrics as Prometheus scrapes them: the text exposition format and its content type. */
export interface MetricsText {
  readonly contentType: string;
  text(): Promise<string>;
}
