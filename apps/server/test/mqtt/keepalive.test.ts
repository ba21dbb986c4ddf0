import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { gateways } from '../../src/db/schema.ts';
import { hashGatewaySecret } from '../../src/gateway-link/credentials.ts';
import { buildTestApp, describeApi, networkTeam, type TestApp } from '../helpers.ts';
import { connectGateway, send, waitFor } from './fake-gateway.ts';
import { describeWithMosquitto, MOSQUITTO, startMosquitto, type TestMosquitto } from './mosquitto.ts';
import { startSilentProxy } from './silent-proxy.ts';

/**
 * The gateway's keep-alive in seconds. Not 1: Mosquitto 2.0 compares whole seconds against keepalive * 3 / 2
 * in integer arithmetic, so a 1 s keep-alive may be ended 1.0 s after the last packet, the very moment
 * the client's next ping is due. With 2 s the ping comes at least a second before the broker's limit.
 */
const KEEPALIVE_S = 2;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const newGateway = () => ({ sn: `gw-ka-${randomBytes(4).toString('hex')}`, secret: randomBytes(12).toString('hex') });

/**
 * A gateway announces itself through a relay and stays online while its keep-alive pings pass; then the
 * relay goes silent without closing anything. Its last will must set it offline once the broker's
 * keep-alive timeout (1.5 keep-alive periods after the last packet) has run out, and it must be the broker
 * that ended the connection.
 */
async function checkSilentGatewayGoesOffline(
  t: TestApp,
  brokerUrl: string,
  { sn, secret }: ReturnType<typeof newGateway>,
) {
  const { network } = await networkTeam(t);
  const [row] = await t.db
    .insert(gateways)
    .values({ nid: network.id, sn, name: sn, secretHash: hashGatewaySecret(secret) })
    .returning();
  const status = async () => (await t.db.select().from(gateways).where(eq(gateways.id, row!.id)))[0]!.status;
  const proxy = await startSilentProxy(brokerUrl);
  cleanups.push(() => proxy.close());
  const client: MqttClient = await connectGateway(proxy.url, sn, secret, { keepalive: KEEPALIVE_S });
  cleanups.push(() => client.end(true));
  await send(client, sn, 'presence', { online: true, meshReady: true });
  await waitFor(async () => (await status()) === 2, 5000, 'the gateway online');

  // Three keep-alive periods with only pings going through: still online, nobody closed anything.
  await new Promise((resolve) => setTimeout(resolve, 3 * KEEPALIVE_S * 1000));
  expect(await status()).toBe(2);
  expect(proxy.closedByBroker).toBe(0);

  proxy.silence();
  await waitFor(async () => (await status()) === 1, 10_000, 'the last will after the keep-alive timeout');
  // Mosquitto counts the timeout in whole seconds, so allow it to end the connection up to 1 s early.
  expect(Date.now() - proxy.lastFromGatewayAt).toBeGreaterThanOrEqual(KEEPALIVE_S * 1500 - 1000);
  expect(proxy.closedByBroker).toBe(1);
}

describeApi('a gateway that stops answering keep-alive (embedded broker)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('is set offline by its last will once the keep-alive timeout has passed', async () => {
    await checkSilentGatewayGoesOffline(t, t.brokerUrl, newGateway());
  });
});

describeWithMosquitto(existsSync(MOSQUITTO), `${MOSQUITTO} is not installed`)(
  'a gateway that stops answering keep-alive (Mosquitto with the deploy ACL)',
  () => {
    const gateway = newGateway();
    let broker: TestMosquitto;
    let t: TestApp;
    beforeAll(async () => {
      const serverPassword = randomBytes(12).toString('hex');
      broker = await startMosquitto({ 'lightwell-server': serverPassword, [gateway.sn]: gateway.secret });
      t = await buildTestApp({ MQTT_URL: `mqtt://lightwell-server:${serverPassword}@127.0.0.1:${broker.port}` });
    });
    afterAll(async () => {
      await t?.close();
      await broker?.stop();
    });

    it('is set offline by its last will once the keep-alive timeout has passed', async () => {
      await checkSilentGatewayGoesOffline(t, broker.url, gateway);
    });
  },
);
