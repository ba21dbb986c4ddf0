import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type Session, type TestApp } from '../../test/helpers.ts';
import { openLiveStream } from '../../test/live-stream.ts';
import { connectGateway, send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import { deviceElements, devices, gatewayDiagnoses, gateways } from '../db/schema.ts';

/** MACs of the devices the link tests report. */
export const MAC_A = 'AA0000000001';
export const MAC_B = 'AA0000000002';
export const MAC_S = 'AA0000000003';

/** A one-channel luminaire as an inventory reports it, lit when `lightness` is above 0. */
export const lamp = (mac: string, address: number, lightness = 0) => ({
  mac,
  address,
  model: 'LW-DT6',
  online: true,
  elements: [{ index: 0, type: 1, onOff: lightness > 0 ? 1 : 0, lightness }],
});

/**
 * Registers the hooks of a link test file: a test app (with its embedded broker) listening on a port before
 * the tests, and after them every gateway connected through `connect` ended and the app closed. Answers the
 * app (once built) and the reads and waits the tests share.
 */
export function useLinkSite() {
  let t: TestApp;
  let baseUrl: string;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await t.close();
  });

  /** Sends a diagnosis as a marker and waits until it is stored. */
  const mark = async (client: MqttClient, sn: string, gatewayId: number) => {
    const code = `mark-${Math.random().toString(36).slice(2)}`;
    await send(client, sn, 'report', { kind: 'diagnosis', seq: 0, at: 1, level: 'info', code, message: 'm' });
    await waitFor(
      async () =>
        (
          await t.db
            .select()
            .from(gatewayDiagnoses)
            .where(and(eq(gatewayDiagnoses.gatewayId, gatewayId), eq(gatewayDiagnoses.code, code)))
        ).length > 0,
      5000,
      'the marker diagnosis',
    );
  };

  return {
    /** The test app; built before the first test. */
    get t() {
      return t;
    },
    /** Connects as a gateway; the connection is ended after the tests. */
    connect: async (sn: string, secret: string) => {
      const client = await connectGateway(t.brokerUrl, sn, secret);
      clients.push(client);
      return client;
    },
    /** Opens the live stream of a network for `session` and collects its events. */
    openStream: (session: Session, nid: number) => openLiveStream(baseUrl, session, nid),
    /** The stored row of a gateway. */
    gatewayRow: async (id: number) => (await t.db.select().from(gateways).where(eq(gateways.id, id)))[0]!,
    /** The stored device of a network with this MAC, if any. */
    deviceByMac: async (nid: number, mac: string) =>
      (
        await t.db
          .select()
          .from(devices)
          .where(and(eq(devices.nid, nid), eq(devices.mac, mac)))
      )[0],
    /** The first stored element of a device. */
    elementOf: async (deviceId: number) =>
      (await t.db.select().from(deviceElements).where(eq(deviceElements.deviceId, deviceId)))[0]!,
    /**
     * Waits until everything sent before was applied. A batch applies a diagnosis at once but consumption and
     * trigger reports after its loop, and batches run one after another: a second marker stored means the
     * first marker's batch, with everything sent before it, has ended.
     */
    settle: async (client: MqttClient, sn: string, gatewayId: number) => {
      await mark(client, sn, gatewayId);
      await mark(client, sn, gatewayId);
    },
  };
}
