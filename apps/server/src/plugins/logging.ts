import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyLoggerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { isScriptOrStyleAsset } from './security-headers.ts';

/** Header carrying a request's id, taken from a trusted proxy and echoed in every answer. */
const REQUEST_ID_HEADER = 'x-request-id';

/** A request id a proxy may hand on: short, and nothing that could break a log line. */
const ACCEPTED_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Log lines as coloured text on standard output, written in this thread so that none is lost at exit. */
async function prettyStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
  });
}

/**
 * The console's logger: LOG_LEVEL, readable lines for a person at a terminal or JSON lines for a log
 * collector (LOG_FORMAT), or JSON lines into `stream` when one is given. Each request's lines carry its id
 * as `reqId`.
 */
export async function loggerOptions(config: Config, stream?: NodeJS.WritableStream): Promise<FastifyLoggerOptions> {
  const pretty = config.logFormat === 'pretty' && !stream;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : pretty ? { stream: await prettyStream() } : {}),
    // Query strings may carry a session token (image downloads): log paths only.
    serializers: {
      req: (request) => ({ method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip }),
    },
  };
}

/**
 * How a request gets its id: a proxy's `X-Request-Id` when TRUST_PROXY is set and the id is short and
 * plain, else a new UUID (unique across server processes). Without TRUST_PROXY a client's header is ignored:
 * it could otherwise pass itself off as another request in the logs.
 */
export function requestIdOptions(config: Config) {
  return {
    requestIdHeader: false as const,
    genReqId(raw: IncomingMessage): string {
      const incoming = raw.headers[REQUEST_ID_HEADER];
      if (config.trustProxy && typeof incoming === 'string' && ACCEPTED_ID.test(incoming)) return incoming;
      return randomUUID();
    },
  };
}

/**
 * Echoes each request's id in its answer's `X-Request-Id`, so a caller can quote it and find the log lines.
 * The web app's scripts and style sheets leave it out (their log lines keep it): they are the same files for
 * everyone, and the header would add its bytes to every file of a page's first visit.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isScriptOrStyleAsset(request.url)) reply.header(REQUEST_ID_HEADER, request.id);
  });
}
