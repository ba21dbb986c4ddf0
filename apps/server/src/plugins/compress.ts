import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/** Paths whose answers are made per request (JSON, API docs): the ones compressed on the fly. */
const DYNAMIC_PREFIXES = ['/api/', '/SigMesh/'];

/**
 * Compresses API answers on the fly (brotli, else gzip) when the client accepts it and the answer
 * is at least 1 kB. Registered before the routes, whose hooks it adds as they are declared. The web
 * app's files are left to the build, which compressed them once (served by @fastify/static with
 * `preCompressed`), and live streams opt out: events must leave as they happen.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !DYNAMIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      route.compress = false;
    }
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // A quick brotli level: answers are compressed per request, unlike the build's files (level 11).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Clients send small JSON or multipart uploads, never compressed bodies.
    globalDecompression: false,
  });
}
