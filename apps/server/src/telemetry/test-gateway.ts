// What the telemetry tests share: a connected gateway with a D4i lamp and a sensor, and the reports it sends.
import { gatewayTopic, SAMPLE_D4I_BANK_RAW } from '@lightwell/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import { networkTeam, type TestApp } from '../../test/helpers.ts';
import { buildGateway, connectGateway, send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import { devices, reportReceipts } from '../db/schema.ts';

export const LAMP = 'BB0000000001';
export const SENSOR = 'BB0000000002';
export const T0 = Date.UTC(2026, 10, 26, 9, 0, 0) / 1000;

/** A gateway with two devices (a 100 W D4i lamp and a sensor), connected, listening on its command topic. */
export async function gatewayWithDevices(t: TestApp, timeZone = 'UTC') {
  const { network } = await networkTeam(t);
  await t.db.execute(sql`UPDATE networks SET time_zone = ${timeZone} WHERE id = ${network.id}`);
  const { gateway, sn, secret } = await buildGateway(t.db, network.id);
  const client = await connectGateway(t.brokerUrl, sn, secret);
  const commands: Record<string, unknown>[] = [];
  /** Per confirmation: its number and how many reports up to it were committed when it arrived. */
  const storedAtConfirm: Promise<{ upTo: number; committed: number }>[] = [];
  client.on('message', (_topic, payload) => {
    const body = JSON.parse(payload.toString()) as Record<string, unknown>;
    commands.push(body);
    const upTo = body.storedUpTo;
    if (typeof upTo === 'number') {
      storedAtConfirm.push(
        t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(reportReceipts)
          .where(and(eq(reportReceipts.gatewayId, gateway.id), lte(reportReceipts.seq, upTo)))
          .then(([row]) => ({ upTo, committed: row!.n })),
      );
    }
  });
  await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
  await send(client, sn, 'inventory', {
    seq: 0,
    devices: [
      {
        mac: LAMP,
        address: 1,
        model: 'LW-D4I',
        online: true,
        elements: [{ index: 0, type: 1, d4i: SAMPLE_D4I_BANK_RAW }],
      },
      { mac: SENSOR, address: 2, model: 'LW-PIR', online: true, elements: [{ index: 0, type: 20 }] },
    ],
  });
  const lamp = await waitFor(
    async () => (await t.db.select().from(devices).where(eq(devices.mac, LAMP))).find((d) => d.nid === network.id),
    5000,
    'lamp',
  );
  const sensor = (await t.db.select().from(devices).where(eq(devices.mac, SENSOR))).find((d) => d.nid === network.id)!;
  await t.db.update(devices).set({ ratedPower: 100 }).where(eq(devices.id, lamp.id));
  const confirmed = (n: number) => waitFor(() => commands.some((c) => c.storedUpTo === n), 5000, `storedUpTo ${n}`);
  return { network, gateway, sn, client, commands, storedAtConfirm, lamp, sensor, confirmed };
}

export const energy = (raw: number, serial = 'DRV-1', scale = 0) => ({ raw, scale, serial, source: 'd4i' as const });
export const readings = (seq: number, at: number, elements: Record<string, unknown>[], mac = LAMP) => ({
  kind: 'readings',
  seq,
  at,
  devices: [{ mac, elements }],
});
