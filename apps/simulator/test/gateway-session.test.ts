import { describe, expect, it } from 'vitest';
import { SimGateway } from '../src/gateway.ts';
import { backoffDelay } from '../src/gateway-session.ts';
import { MESH, startTestBroker, uniqueSn } from './support.ts';

describe('reconnect', () => {
  it('backs off from 1 s to 60 s with ±20 % jitter', () => {
    expect(backoffDelay(0, 1000, 60_000, () => 0.5)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 0.5)).toBe(8000);
    expect(backoffDelay(10, 1000, 60_000, () => 0.5)).toBe(60_000);
    expect(backoffDelay(10, 1000, 60_000, () => 0)).toBe(48_000);
    expect(backoffDelay(10, 1000, 60_000, () => 0.9999)).toBeCloseTo(72_000, -1);
  });

  it('reconnects with growing delays after the broker goes away and comes back', async () => {
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
      reportPeriodMs: 0,
      sensorMeanMs: 0,
    });
    gateway.start();
    await gateway.whenConnected();
    await broker.close();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(gateway.connection).not.toBe('online');
    expect(gateway.reconnectDelays.length).toBeGreaterThanOrEqual(2);
    const delays = gateway.reconnectDelays;
    expect(delays[0]).toBeGreaterThanOrEqual(80);
    expect(delays[0]).toBeLessThanOrEqual(120);
    expect(delays[1]).toBeGreaterThanOrEqual(160);
    expect(delays[1]).toBeLessThanOrEqual(240);
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
