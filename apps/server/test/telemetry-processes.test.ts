import { randomBytes } from 'node:crypto';
import { gatewayTopic, SAMPLE_D4I_BANK_RAW } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devices, reportReceipts, telemetryReadings } from '../src/db/schema.ts';
import { buildTestApp, createPgDatabase, networkTeam, type TestApp } from './helpers.ts';
import { buildGateway, connectGateway, send, waitFor } from './mqtt/fake-gateway.ts';
import { DEPLOYMENT_BROKER, describeDeployment } from './mqtt/mosquitto.ts';

const BROKER = DEPLOYMENT_BROKER;
/** Two processes of one deployment need one PostgreSQL database: this runs in the server-pg project only. */
const describeTwoProcesses = await describeDeployment();

describeTwoProcesses('durable reports with two server processes sharing one gateway’s messages', () => {
  let drop: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  let sn = '';
  beforeAll(async () => {
    const database = await createPgDatabase();
    drop = database.drop;
    const env = { MQTT_URL: BROKER, MQTT_SHARE_GROUP: `tele-${randomBytes(4).toString('hex')}` };
    a = await buildTestApp(env, { databaseUrl: database.url });
    b = await buildTestApp(env, { databaseUrl: database.url });
  });
  afterAll(async () => {
    if (sn) {
      const cleaner = await mqtt.connectAsync(BROKER, { reconnectPeriod: 0 });
      await cleaner.publishAsync(gatewayTopic(sn, 'presence'), '', { qos: 1, retain: true });
      await cleaner.endAsync();
    }
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('the stored-up-to mark reaches the last number although the reports were stored by both processes', async () => {
    const { network } = await networkTeam(a);
    const built = await buildGateway(a.db, network.id);
    sn = built.sn;
    const client = await connectGateway(BROKER, sn, built.secret);
    const marks: number[] = [];
    client.on('message', (_topic, payload) => {
      const body = JSON.parse(payload.toString()) as { storedUpTo?: number };
      if (typeof body.storedUpTo === 'number') marks.push(body.storedUpTo);
    });
    await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
    const mac = 'EE0000000001';
    await send(client, sn, 'inventory', {
      seq: 0,
      devices: [
        { mac, address: 1, model: 'X', online: true, elements: [{ index: 0, type: 1, d4i: SAMPLE_D4I_BANK_RAW }] },
      ],
    });
    await waitFor(
      async () => (await a.db.select().from(devices).where(eq(devices.mac, mac))).length > 0,
      5000,
      'device',
    );
    await send(client, sn, 'report', { kind: 'streamStart', seq: 1000, at: 1_700_000_000 });
    const last = 1400;
    await Promise.all(
      Array.from({ length: last - 1000 }, (_, i) =>
        send(client, sn, 'report', {
          kind: 'readings',
          seq: 1001 + i,
          at: 1_700_000_000 + (i + 1) * 60,
          devices: [{ mac, elements: [{ index: 0, energy: { raw: 100 + i, scale: 0, serial: 'S', source: 'd4i' } }] }],
        }),
      ),
    );
    await waitFor(() => marks.includes(last), 20_000, `storedUpTo ${last}`);
    const receipts = await a.db.select().from(reportReceipts).where(eq(reportReceipts.gatewayId, built.gateway.id));
    expect(receipts).toHaveLength(last - 1000 + 1);
    const rows = await b.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, built.gateway.id));
    expect(rows).toHaveLength(last - 1000);
    // Every counted delta is 1 Wh: out-of-order storage by two processes re-based nothing wrongly.
    expect(rows.filter((r) => r.deltaStatus === 'baseline')).toHaveLength(1);
    expect(rows.filter((r) => r.deltaStatus === 'counted').every((r) => Number(r.deltaWh) === 1)).toBe(true);
    // The marks each gateway heard never went past what was stored.
    expect(Math.max(...marks)).toBe(last);
    client.end(true);
  });
});
