import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from './helpers.ts';
import { listen } from './live-stream.ts';

/** A raw connection to the console and a promise that settles when the console closes it. */
async function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<void>; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('utf8');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, received: () => text };
}

/** Whether `closed` settles within `ms`. */
function settlesWithin(closed: Promise<void>, ms: number): Promise<boolean> {
  return Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describeApi('HTTP timeouts: a client that stalls does not keep a connection', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '1500',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
    });
    port = Number(new URL(await listen(t.app)).port);
  });
  afterAll(() => t.close());

  it('closes a connection whose headers trickle in', async () => {
    const { socket, closed } = await openSocket(port);
    socket.write('POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.write('X-A: b\r\n'), 200);
    try {
      expect(await settlesWithin(closed, 8000)).toBe(true);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });

  it('closes a connection whose body stalls, but not an upload within its longer allowance', async () => {
    const call = await openSocket(port);
    call.socket.write(
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
    );
    const upload = await openSocket(port);
    upload.socket.write(
      'POST /SigMesh/file/uploadPic HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n',
    );
    try {
      expect(await settlesWithin(call.closed, 8000)).toBe(true);
      expect(await settlesWithin(upload.closed, 100)).toBe(false);
    } finally {
      call.socket.destroy();
      upload.socket.destroy();
    }
  });

  it('answers a whole request, then closes the idle keep-alive connection', async () => {
    const { socket, closed, received } = await openSocket(port);
    socket.write('GET /api/v1/app/config HTTP/1.1\r\nHost: x\r\n\r\n');
    try {
      expect(await settlesWithin(closed, 8000)).toBe(true);
      expect(received()).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  });
});

describeApi('HTTP timeouts leave answered requests alone', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '20000' });
    port = Number(new URL(await listen(t.app)).port);
  });
  afterAll(() => t.close());

  it('keeps a keep-alive connection whose requests were answered, also an unknown path', async () => {
    const { socket, closed, received } = await openSocket(port);
    try {
      socket.write('GET /api/v1/no-such-call HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await settlesWithin(closed, 0)).toBe(false);
      socket.write('GET /api/v1/app/config HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received().match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 404', 'HTTP/1.1 200']);
    } finally {
      socket.destroy();
    }
  });

  it('leaves a request made inside the process alone, also one refused before validation', async () => {
    // A body that is no JSON is refused by the parser and never reaches validation; `inject` has no
    // connection to cut. A timer left behind would throw past its time and fail the run.
    const injected = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(injected.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1500));
  });
});
