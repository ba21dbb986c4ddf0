import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { signParams } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  buildUser,
  describeApi,
  loginAs,
  type Session,
  SIGNING_SECRET,
  type TestApp,
} from './helpers.ts';
import { listen } from './live-stream.ts';

const BROWSER = 'gzip, deflate, br, zstd';
const script = `export const lights = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `light ${i}`))};\n`;

/** Signed body of an authenticated call, as the web client sends it. */
function signed(session: Session, payload: Record<string, unknown>) {
  const body: Record<string, unknown> = {
    ...payload,
    token: session.token,
    uid: session.uid,
    version: '1.0.0',
    platform: 3,
    bundle: 'southgate',
  };
  body.sign = signParams(body, SIGNING_SECRET);
  return body;
}

describeApi('compressed answers', () => {
  let t: TestApp;
  let dist: string;
  let session: Session;
  beforeAll(async () => {
    // A build as vite-plugin-compression2 leaves it: each file beside its .br and .gz copies.
    dist = mkdtempSync(join(tmpdir(), 'lw-dist-'));
    mkdirSync(join(dist, 'assets'));
    const html = `<!doctype html><title>Lightwell</title><!--${'x'.repeat(1200)}-->`;
    for (const [path, text] of [
      ['index.html', html],
      ['assets/app-abc123.js', script],
    ] as const) {
      writeFileSync(join(dist, path), text);
      writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
    }
    writeFileSync(join(dist, 'assets', 'tiny-0a1b2c.js'), 'export {};\n');
    t = await buildTestApp({ WEB_DIST: dist });
    const user = await buildUser(t.db);
    session = await loginAs(t.app, user.email);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy of a built asset to a browser, gzip to a client without brotli, the file to others', async () => {
    const br = await get('/assets/app-abc123.js', BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(script);
  });

  it('leaves a file the build did not compress (under 1 kB) as it is', async () => {
    const tiny = await get('/assets/tiny-0a1b2c.js', BROWSER);
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('sends index.html never cached, for the root and for client-routed paths', async () => {
    // The page is made per answer (it carries that answer's style nonce), so there is no build-time
    // copy to send; at about 1 kB it goes out as it is.
    for (const url of ['/', '/index.html', '/login', '/remote/index']) {
      const page = await get(url, BROWSER);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<title>Lightwell</title>');
    }
  });

  it('compresses API answers of 1 kB and more, and leaves small ones alone', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Compressed answer project ${i} with a long name`);
    for (const name of names) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/project/add',
        payload: signed(session, { name, remarks: 'r'.repeat(60) }),
      });
      expect(created.json().code, created.body).toBe(0);
    }
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/project/all',
      payload: signed(session, {}),
      headers: { 'accept-encoding': BROWSER },
    });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toContain('accept-encoding');
    const json = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { data: { name: string }[] };
    expect(json.data.map((project) => project.name)).toEqual(expect.arrayContaining(names));

    const small = await get('/api/v1/app/config', BROWSER);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(0);
  });

  it('never compresses the live event stream, so each event leaves at once', async () => {
    // A network of the user's own: its live stream is open to them.
    const project = (
      await t.app.inject({ method: 'POST', url: '/api/v1/project/all', payload: signed(session, {}) })
    ).json().data[0] as { id: number };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/network/add',
      payload: signed(session, { pid: project.id, name: 'Stream test' }),
    });
    const nid = (added.json().data as { id?: number; nid?: number }).id ?? added.json().data.nid;
    expect(typeof nid, added.body).toBe('number');
    const baseUrl = await listen(t.app);
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/v1/live/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': BROWSER },
      body: JSON.stringify(signed(session, { nid })),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(': connected');
    controller.abort();
  });
});
