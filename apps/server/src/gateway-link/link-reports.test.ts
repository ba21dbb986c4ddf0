import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, networkTeam } from '../../test/helpers.ts';
import { buildGateway, send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import { deviceReadings, gatewayDiagnoses } from '../db/schema.ts';
import { lamp, MAC_A, MAC_S, useLinkSite } from './test-link.ts';

const site = useLinkSite();
const { connect, deviceByMac, elementOf, settle } = site;

describeApi('gateway link over the embedded broker: reports', () => {
  it('reports: a reading is kept once per sequence and adds usage and trigger counts once', async () => {
    const { network } = await networkTeam(site.t);
    const { gateway, sn, secret } = await buildGateway(site.t.db, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'inventory', {
      seq: 1,
      devices: [
        lamp(MAC_A, 1),
        { mac: MAC_S, address: 3, model: 'X', online: true, elements: [{ index: 0, type: 20 }] },
      ],
    });
    await waitFor(() => deviceByMac(network.id, MAC_S), 5000, 'sensor');
    const consume = { kind: 'consume', seq: 100, mac: MAC_A, at: 1_700_000_000, onSeconds: 60, energyWh: 1.5 };
    const trigger = { kind: 'sensorTrigger', seq: 101, mac: MAC_S, at: 1_700_000_100, count: 3 };
    for (let i = 0; i < 2; i += 1) {
      await send(client, sn, 'report', consume);
      await send(client, sn, 'report', trigger);
    }
    await send(client, sn, 'report', {
      kind: 'diagnosis',
      seq: 102,
      at: 1_700_000_200,
      level: 'warning',
      code: 'E7',
      message: 'fan',
    });
    await send(client, sn, 'report', {
      kind: 'diagnosis',
      seq: 102,
      at: 1_700_000_200,
      level: 'warning',
      code: 'E7',
      message: 'fan',
    });
    await settle(client, sn, gateway.id);
    expect((await deviceByMac(network.id, MAC_A))!.usageSeconds).toBe(60);
    const sensor = (await deviceByMac(network.id, MAC_S))!;
    expect(sensor.sensorTriggerCount).toBe(3);
    expect((await elementOf(sensor.id)).triggeredAt?.getTime()).toBe(1_700_000_100_000);
    const readings = await site.t.db.select().from(deviceReadings).where(eq(deviceReadings.gatewayId, gateway.id));
    expect(readings.map((r) => [r.seq, r.kind, r.value])).toEqual(
      expect.arrayContaining([
        [100, 'consume', { onSeconds: 60, energyWh: 1.5 }],
        [101, 'sensorTrigger', { count: 3 }],
      ]),
    );
    expect(readings).toHaveLength(2);
    const diagnoses = await site.t.db
      .select()
      .from(gatewayDiagnoses)
      .where(and(eq(gatewayDiagnoses.gatewayId, gateway.id), eq(gatewayDiagnoses.code, 'E7')));
    expect(diagnoses).toHaveLength(1);
  });
});
