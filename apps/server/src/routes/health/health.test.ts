import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../../test/helpers.ts';
import { waitFor } from '../../../test/mqtt/fake-gateway.ts';
import { DEPLOYMENT_BROKER, describeWithMosquitto, portAnswers } from '../../../test/mqtt/mosquitto.ts';
import { startSilentProxy } from '../../../test/mqtt/silent-proxy.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeApi('liveness and readiness, without a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200 {status:"ok"} while the process serves', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 with every check true when database, migrations and broker are there', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, broker: true } });
  });

  it('gives every answer an id of its own in X-Request-Id, and ignores a client’s without TRUST_PROXY', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-call' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});

describeApi('request ids behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('carries on the proxy’s X-Request-Id when it is short and plain, and makes one otherwise', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-7f3a.1' } });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a.1');
    const odd = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b"c' } });
    expect(odd.headers['x-request-id']).toMatch(UUID);
    const long = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(long.headers['x-request-id']).toMatch(UUID);
  });
});

describeWithMosquitto(await portAnswers(1883), `no MQTT broker answers at ${DEPLOYMENT_BROKER}`)(
  'readiness when the broker goes away',
  () => {
    let t: TestApp;
    let relay: Awaited<ReturnType<typeof startSilentProxy>>;
    beforeAll(async () => {
      // The console reaches the machine's Mosquitto through a relay this test can take away.
      relay = await startSilentProxy(DEPLOYMENT_BROKER);
      t = await buildTestApp({ MQTT_URL: relay.url });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 503 naming the broker once the MQTT connection is lost, the other checks still true', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await relay.close();
      const answer = await waitFor(
        async () => {
          const probe = await t.app.inject({ method: 'GET', url: '/readyz' });
          return probe.statusCode === 503 ? probe : null;
        },
        10_000,
        'the lost broker connection',
      );
      expect(answer.json()).toEqual({
        status: 'unready',
        checks: { database: true, migrations: true, broker: false },
      });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  },
);
