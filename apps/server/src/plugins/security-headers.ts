import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

const styleNonces = new WeakMap<ServerResponse, string>();

/**
 * The style nonce of one answer: made on first use, then the same for the CSP header and for the
 * index.html body of that answer (antd's CSS-in-JS stamps it on the <style> elements it inserts).
 */
export function styleNonceOf(response: ServerResponse): string {
  let nonce = styleNonces.get(response);
  if (nonce === undefined) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(response, nonce);
  }
  return nonce;
}

/** Stands for the answer's nonce in the policy built once at start (base64 never contains it). */
const NONCE_MARK = '<nonce>';
const nonceSource = () => `'nonce-${NONCE_MARK}'`;

/**
 * The Content-Security-Policy of every answer (docs/decisions.md says why each directive is there):
 * scripts only from our own files, styles from our files or with this answer's nonce, style
 * attributes allowed, no plugins, no framing, no foreign base, form or connection targets.
 */
function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", nonceSource],
      'style-src-elem': ["'self'", nonceSource],
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  } as const;
}

/**
 * The policy of the API reference at /api/docs only: Swagger UI writes <style> elements without a
 * nonce, so styles there may be inline; scripts stay limited to its own files.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join('; ');

/**
 * Headers that govern only a document (how it may load, frame, prefetch or isolate). A script or
 * style sheet is never a document, so its answers leave them out: on the sign-in page that is about
 * 0.6 kB less per file, some 25 kB of its first JavaScript on the wire. SVG and other files that a
 * browser can open as a document keep them; nosniff, the referrer policy, CORP and HSTS stay on all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** True for the built app's scripts and style sheets (`/assets/….js`, `/assets/….css`). */
export function isScriptOrStyleAsset(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path.startsWith('/assets/') && /\.(?:m?js|css)$/.test(path);
}

/** Whether a request is an API call, answered with JSON (never a document a browser would render). */
function isApiCall(url: string): boolean {
  return url.startsWith('/api/v') || url.startsWith('/SigMesh/');
}

/**
 * The headers helmet sets with our options, read once from a probe instance: the policy holds
 * `NONCE_MARK` where each answer's nonce goes. Building helmet on every answer (as @fastify/helmet does)
 * parsed the policy and drew a nonce per API answer: some 12 % of an API call's time.
 */
async function helmetHeaders(https: boolean): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(https),
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  let headers: Array<[string, string]> = [];
  probe.addHook('onRequest', (_request, reply, done) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
    done();
  });
  probe.get('/', () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}

/**
 * Security headers on every answer (pages, assets, API, errors, 404s): CSP, nosniff, no referrer,
 * no framing, and HSTS when the console's public address is https. Register before any route.
 * They are built once: API answers get one fixed set (its policy's nonce drawn at start: JSON carries no
 * style element), scripts and style sheets the set without the document-only headers, and every other
 * answer, which may be a document, the full set with a nonce of its own (`styleNonceOf`).
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = await helmetHeaders(publicUrl.startsWith('https:'));
  const isDocumentOnly = (name: string) => (DOCUMENT_ONLY_HEADERS as readonly string[]).includes(name);
  const fixed = headers.filter(([name]) => name !== 'content-security-policy');
  const [policyStart, ...policyRest] = (headers.find(([name]) => name === 'content-security-policy')?.[1] ?? '').split(
    NONCE_MARK,
  );
  const policyOf = (nonce: string) => policyStart + policyRest.map((part) => nonce + part).join('');
  const apiHeaders: Array<[string, string]> = [
    ...fixed,
    ['content-security-policy', policyOf(randomBytes(16).toString('base64'))],
  ];
  const assetHeaders = fixed.filter(([name]) => !isDocumentOnly(name));
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    if (isApiCall(request.url)) {
      for (const [name, value] of apiHeaders) response.setHeader(name, value);
    } else if (isScriptOrStyleAsset(request.url)) {
      for (const [name, value] of assetHeaders) response.setHeader(name, value);
    } else {
      for (const [name, value] of fixed) response.setHeader(name, value);
      response.setHeader('content-security-policy', policyOf(styleNonceOf(response)));
    }
    done();
  });
}
