import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** Uploads (`multipart/form-data`: floor plans, logos, icons of up to 3 MB) get this many times as long. */
const UPLOAD_TIMEOUT_FACTOR = 10;

/**
 * The HTTP server's timeouts (README, "Configuration"): a client has HTTP_HEADERS_TIMEOUT_MS to send a
 * request's headers and an idle keep-alive connection closes after HTTP_KEEP_ALIVE_TIMEOUT_MS. Node's
 * whole-request timeout is the uploads' allowance; other requests are held to HTTP_REQUEST_TIMEOUT_MS by
 * `registerRequestTimeout`. Node checks these every second, so a stalled client goes within a second of its time.
 */
export function httpTimeoutOptions(config: Config) {
  const requestTimeout = config.httpRequestTimeoutMs * UPLOAD_TIMEOUT_FACTOR;
  return {
    requestTimeout,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    // No idle limit on the socket itself: a live stream is quiet for its 15 s between pings.
    connectionTimeout: 0,
    http: {
      requestTimeout,
      // Node refuses a headers timeout longer than the whole request's.
      headersTimeout: Math.min(config.httpHeadersTimeoutMs, requestTimeout),
      connectionsCheckingInterval: 1000,
    } satisfies ServerOptions,
  };
}

/**
 * Closes the connection of a request other than an upload whose body has not arrived within
 * HTTP_REQUEST_TIMEOUT_MS of its headers (Node's own limit is the longer one uploads need).
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request) => {
    if ((request.headers['content-type'] ?? '').startsWith('multipart/form-data')) return;
    const socket: Socket | undefined = request.raw.socket;
    // Only a connection can stall; a request made inside the process (`inject`) has none.
    if (!(socket instanceof Socket)) return;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    timer.unref();
    timers.set(request, timer);
    request.raw.once('close', () => clearTimeout(timer));
  });
  const done = async (request: FastifyRequest) => {
    clearTimeout(timers.get(request));
  };
  // The body is read and parsed before validation: from then on the request is the server's to answer.
  // Answers that skip validation (an unknown path, a refusal in an earlier hook) clear it when sent.
  app.addHook('preValidation', done);
  app.addHook('onResponse', done);
}
