import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { ElementType } from '@lightwell/domain';
import { SimGateway, Ticker } from '@lightwell/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceElements, deviceReadings, devices, gateways, networks } from '../src/db/schema.ts';
import { hashGatewaySecret } from '../src/gateway-link/credentials.ts';
import { buildTestApp, describeApi, networkTeam, type TestApp } from './helpers.ts';
import { listen } from './live-stream.ts';
import { waitFor } from './mqtt/fake-gateway.ts';

/** An HTTP relay in front of the app that records each call's path and the `code` it was answered. */
async function startRecordingRelay(target: string) {
  const calls: { path: string; code: unknown }[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
      body: Buffer.concat(chunks),
    });
    const text = await answer.text();
    calls.push({ path: request.url ?? '', code: (JSON.parse(text) as { code?: unknown }).code });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LAMP = 'BB0000000001';
const SENSOR = 'BB0000000002';
const EMERGENCY = 'BB0000000003';
const LOCATION = { country: 'DE', latitude: 48.137, longitude: 11.575 };

describeApi('a simulated gateway’s mesh-prefix HTTP calls reach the console', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof startRecordingRelay>>;
  let gateway: SimGateway | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
    relay = await startRecordingRelay(await listen(t.app));
  });
  afterAll(async () => {
    await gateway?.stop();
    await relay?.close();
    await t?.close();
  });

  it('stores the location (lbs), consumption, sensor triggers and the emergency node state it sends', async () => {
    const { network } = await networkTeam(t);
    const sn = `gw-mesh-${randomBytes(4).toString('hex')}`;
    const secret = randomBytes(12).toString('hex');
    const [row] = await t.db
      .insert(gateways)
      .values({ nid: network.id, sn, name: sn, secretHash: hashGatewaySecret(secret) })
      .returning();
    gateway = new SimGateway({
      sn,
      secret,
      brokerUrl: t.brokerUrl,
      httpUrl: relay.url,
      location: LOCATION,
      ticker: new Ticker(50, 100),
      reportPeriodMs: 1000,
      // Motion follows the office's day (at night and at weekends a fifth of the working-hours rate): a mean
      // this short triggers the sensor at every slow tick whatever the hour the test runs at.
      sensorMeanMs: 20,
      latencyMs: 0,
      devices: [
        { mac: LAMP, address: 2, kind: 'dt6', model: 'M-DT6', onOff: 1, lightness: 100, ratedPower: 36 },
        { mac: SENSOR, address: 3, kind: 'motionSensor', model: 'M-PIR' },
        { mac: EMERGENCY, address: 4, kind: 'emergencyOne', model: 'M-EM1' },
      ],
    });
    gateway.start();
    await gateway.whenConnected();
    const byMac = await waitFor(
      async () => {
        const rows = await t.db.select().from(devices).where(eq(devices.gatewayId, row!.id));
        return rows.length === 3 ? new Map(rows.map((d) => [d.mac, d])) : null;
      },
      5000,
      'the inventory',
    );
    const readings = async (deviceId: number, kind: string) =>
      (
        await t.db
          .select()
          .from(deviceReadings)
          .where(and(eq(deviceReadings.deviceId, deviceId), eq(deviceReadings.kind, kind)))
      ).map((r) => r.value as Record<string, number>);
    const sum = (values: Record<string, number>[], key: string) => values.reduce((n, v) => n + v[key]!, 0);

    // /SigMesh/lbs: the network had no location, so it takes the gateway's.
    await waitFor(
      async () => (await t.db.select().from(networks).where(eq(networks.id, network.id)))[0]!.latitude !== null,
      5000,
      'the location',
    );
    const [located] = await t.db.select().from(networks).where(eq(networks.id, network.id));
    expect([located!.latitude, located!.longitude]).toEqual([LOCATION.latitude, LOCATION.longitude]);

    // /SigMesh/report/emergency/node: sent with the emergency fault (the fitting also reports its state
    // when it starts, without faults).
    gateway.reportFault(EMERGENCY, 'emergency');
    const emergency = byMac.get(EMERGENCY)!;
    const node = await waitFor(() =>
      readings(emergency.id, 'emergency').then((r) => r.find((reading) => (reading.faultBits! & 1) === 1)),
    );
    expect(node.mode).toBe(0);

    // /SigMesh/report/light/consume and /SigMesh/report/sensor/trigger: sent on the ticker.
    const lamp = byMac.get(LAMP)!;
    const sensor = byMac.get(SENSOR)!;
    await waitFor(
      async () =>
        sum(await readings(lamp.id, 'consume'), 'onSeconds') >= 2 &&
        sum(await readings(sensor.id, 'sensorTrigger'), 'count') >= 2,
      10_000,
      'consumption and triggers',
    );
    await gateway.stop();
    gateway = null;
    // Once the last calls are in, the counters are exactly the sum of the readings kept.
    const device = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;
    await waitFor(async () => {
      const [usage, triggers] = [(await device(lamp.id)).usageSeconds, (await device(sensor.id)).sensorTriggerCount];
      return (
        usage === sum(await readings(lamp.id, 'consume'), 'onSeconds') &&
        triggers === sum(await readings(sensor.id, 'sensorTrigger'), 'count')
      );
    });
    const consumed = await readings(lamp.id, 'consume');
    expect(sum(consumed, 'energyWh')).toBeGreaterThan(0);
    const [motion] = await t.db
      .select()
      .from(deviceElements)
      .where(and(eq(deviceElements.deviceId, sensor.id), eq(deviceElements.type, ElementType.motionSensor)));
    expect(motion!.triggeredAt).not.toBeNull();
    const [element] = await t.db
      .select()
      .from(deviceElements)
      .where(and(eq(deviceElements.deviceId, emergency.id), eq(deviceElements.type, ElementType.emergencyOne)));
    expect(element!.faultBits! & 1).toBe(1);

    // They travelled as the four mesh-prefix calls too (beside the numbered MQTT reports, which may have
    // been stored first: a call still on its way is waited for), each answered code 0.
    const paths = await waitFor(
      () => {
        const seen = new Set(relay.calls.map((c) => c.path));
        return seen.size === 4 ? seen : null;
      },
      10_000,
      'the four mesh-prefix calls',
    );
    expect([...paths].sort()).toEqual([
      '/SigMesh/lbs',
      '/SigMesh/report/emergency/node',
      '/SigMesh/report/light/consume',
      '/SigMesh/report/sensor/trigger',
    ]);
    expect(relay.calls.filter((c) => c.code !== 0)).toEqual([]);
  });
});
