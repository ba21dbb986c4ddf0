import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from './helpers.ts';

describeApi('serving the web app on the same origin', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lw-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lightwell</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers page paths with index.html, uncached, so the client router takes them', async () => {
    for (const url of ['/', '/login', '/first/index', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Lightwell</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable, also ones built after start', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    // Never revalidated: no validators to send.
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(response.headers[name], name).toBeUndefined();
    writeFileSync(join(dist, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('answers 404 for a missing asset and for API paths, never index.html', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/user/unknown' });
    expect(api.statusCode).toBe(404);
    expect(JSON.parse(api.body).code).toBe(Code.notFound);
  });
});
