import { seededRandom } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { Backoff } from '../src/backoff.ts';
import { SimGateway } from '../src/gateway.ts';
import { MESH, startTestBroker, uniqueSn } from './support.ts';

describe('reconnect', () => {
  it('reconnects on the seeded backoff sequence after the broker goes away and comes back', async () => {
    const secrets = new Map<string, string>();
    let broker = await startTestBroker(0, secrets);
    const port = broker.port;
    const sn = uniqueSn('reconnect');
    secrets.set(sn, 'reconnect-secret');
    const gateway = new SimGateway({
      sn,
      secret: 'reconnect-secret',
      devices: MESH.slice(0, 2),
      brokerUrl: broker.url,
      reconnect: { minMs: 100, maxMs: 800 },
      random: seededRandom(11),
      reportPeriodMs: 0,
      sensorMeanMs: 0,
    });
    gateway.start();
    await gateway.whenConnected();
    await broker.close();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(gateway.connection).not.toBe('online');
    expect(gateway.reconnectDelays.length).toBeGreaterThanOrEqual(2);
    const expected = new Backoff({ minMs: 100, maxMs: 800 }, seededRandom(11));
    expect(gateway.reconnectDelays).toEqual(gateway.reconnectDelays.map(() => expected.next(0)));
    broker = await startTestBroker(port, secrets);
    await gateway.whenConnected();
    expect(gateway.connection).toBe('online');
    await gateway.stop();
    await broker.close();
  }, 15_000);

  it('keeps retrying with backoff when its credentials are refused', async () => {
    const broker = await startTestBroker();
    const gateway = new SimGateway({
      sn: uniqueSn('refused'),
      secret: 'wrong',
      devices: [],
      brokerUrl: broker.url,
      reconnect: { minMs: 50, maxMs: 400 },
      reportPeriodMs: 0,
    });
    gateway.start();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(gateway.connection).not.toBe('online');
    expect(gateway.reconnectDelays.length).toBeGreaterThanOrEqual(2);
    await gateway.stop();
    await broker.close();
  });
});
