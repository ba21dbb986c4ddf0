import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@lightwell/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from './helpers.ts';

const INDEX_HTML = [
  '<!doctype html><html><head>',
  '<meta name="csp-nonce" content="" />',
  '<title>Lightwell</title>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Checks the headers every answer carries, whatever it is. */
function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  const csp = directives(response);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
  expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('style-src-attr'), what).toEqual(["'unsafe-inline'"]);
  const styleElements = csp.get('style-src-elem') ?? [];
  expect(styleElements[0], what).toBe("'self'");
  expect(styleElements[1], what).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
  expect(styleElements, what).toHaveLength(2);
  return csp;
}

function nonceOfHeader(response: LightMyRequestResponse): string {
  return (directives(response).get('style-src-elem') ?? [])[1]!.replace(/^'nonce-(.*)'$/, '$1');
}

function nonceOfPage(response: LightMyRequestResponse): string | undefined {
  return /<meta name="csp-nonce" content="([^"]*)"/.exec(response.body)?.[1];
}

describeApi('security headers on every answer', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lw-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ WEB_DIST: dist, PUBLIC_URL: 'http://console.example.com' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('gives each page answer its own style nonce, in the policy and in the page, and never caches it', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/index.html', '/login', '/first/index', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(response, url);
      expect(nonceOfPage(response), url).toBe(nonceOfHeader(response));
      seen.add(nonceOfHeader(response));
    }
    expect(seen.size).toBe(5);
  });

  it('sends scripts and style sheets the headers that apply to them, and other assets all of them', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js?v=1' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['referrer-policy']).toBe('no-referrer');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A script is never a document: the policy, framing and isolation headers would be bytes for nothing.
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'x-xss-protection',
      // The same file for everyone: its request's id stays in the log (the page budgets count header bytes).
      'x-request-id',
    ]) {
      expect(script.headers[name], name).toBeUndefined();
    }
    // An SVG opened on its own is a document that could run script: it keeps the whole set.
    const picture = await t.app.inject({ method: 'GET', url: '/assets/logo-abc123.svg' });
    expect(picture.statusCode).toBe(200);
    expectSecurityHeaders(picture, 'svg asset');
    expect(picture.headers['x-request-id']).toBeDefined();
  });

  it('sends them with API answers: success, bad input and an unknown call', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(JSON.parse(config.body).code).toBe(0);
    expectSecurityHeaders(config, 'success');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: 'not an address' },
    });
    expect(JSON.parse(bad.body).code).toBe(Code.badInput);
    expectSecurityHeaders(bad, 'bad input');

    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/call' });
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(unknown.body).code).toBe(Code.notFound);
    expectSecurityHeaders(unknown, 'unknown call');
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/assets/gone-000.svg' }), 'missing asset');
  });

  it('sends no HSTS and no upgrade of requests while the public address is http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(directives(response).has('upgrade-insecure-requests')).toBe(false);
  });

  it('relaxes styles for the API reference at /api/docs only, and keeps it unframeable', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const csp = directives(docs);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    const page = directives(await t.app.inject({ method: 'GET', url: '/login' }));
    expect(page.get('style-src')).not.toContain("'unsafe-inline'");
    expect(page.get('style-src-elem')).not.toContain("'unsafe-inline'");
  });
});

describeApi('security headers behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(async () => t.close());

  it('sends HSTS and asks the browser to upgrade any plain request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response).has('upgrade-insecure-requests')).toBe(true);
    expectSecurityHeaders(response, 'https');
  });
});
