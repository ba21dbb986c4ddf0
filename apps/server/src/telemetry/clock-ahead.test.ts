import { CLOCK_AHEAD_CODE, type Gateway, gatewayTopic } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../test/helpers.ts';
import { buildGateway, connectGateway, send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import { deviceReadings, devices, gatewayDiagnoses, reportReceipts, telemetryReadings } from '../db/schema.ts';

const LAMP = 'CC0000000001';

describeApi('telemetry: readings stamped ahead of the console', () => {
  let t: TestApp;
  let client: MqttClient | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    client?.end(true);
    await t.close();
  });

  it('refuses readings more than 5 minutes ahead, confirms them all the same, and shows the clock fault', async () => {
    const { owner, network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    client = await connectGateway(t.brokerUrl, sn, secret);
    const confirmations: number[] = [];
    client.on('message', (_topic, payload) => {
      const body = JSON.parse(payload.toString()) as { storedUpTo?: number };
      if (typeof body.storedUpTo === 'number') confirmations.push(body.storedUpTo);
    });
    await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
    await send(client, sn, 'inventory', {
      seq: 0,
      devices: [{ mac: LAMP, address: 1, model: 'LW-DT6', online: true, elements: [{ index: 0, type: 1 }] }],
    });
    const lamp = await waitFor(
      async () =>
        (
          await t.db
            .select()
            .from(devices)
            .where(and(eq(devices.mac, LAMP), eq(devices.nid, network.id)))
        )[0],
      5000,
      'lamp',
    );
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const readings = (seq: number, at: number, onSeconds: number) => ({
      kind: 'readings',
      seq,
      at,
      devices: [{ mac: LAMP, elements: [{ index: 0, onSeconds }] }],
    });
    await send(client, sn, 'report', { kind: 'streamStart', seq: 100, at: now });
    await send(client, sn, 'report', readings(101, now - 300, 100));
    // Four minutes ahead is within the tolerance; six minutes and an hour ahead are not.
    await send(client, sn, 'report', readings(102, now + 240, 20));
    await send(client, sn, 'report', readings(103, now + 360, 300));
    await send(client, sn, 'report', {
      kind: 'consume',
      seq: 104,
      mac: LAMP,
      at: now + 3600,
      onSeconds: 900,
      energyWh: 5,
    });
    await send(client, sn, 'report', { kind: 'sensorTrigger', seq: 105, mac: LAMP, at: now + 3600 });
    // The refused reports are confirmed with the others: the gateway does not send them again and again.
    await waitFor(() => confirmations.includes(105), 5000, 'storedUpTo 105');
    const receipts = await t.db.select().from(reportReceipts).where(eq(reportReceipts.gatewayId, gateway.id));
    expect(receipts.map((r) => Number(r.seq)).sort()).toEqual([100, 101, 102, 103, 104, 105]);
    // Not stored, not counted.
    const stored = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, gateway.id));
    expect([...new Set(stored.map((r) => Number(r.seq)))].sort()).toEqual([101, 102]);
    expect(await t.db.select().from(deviceReadings).where(eq(deviceReadings.gatewayId, gateway.id))).toEqual([]);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, lamp.id));
    expect(row!.usageSeconds).toBe(120);
    // Each refused report is a clock fault in the gateway's diagnosis list.
    const faults = await t.db
      .select()
      .from(gatewayDiagnoses)
      .where(and(eq(gatewayDiagnoses.gatewayId, gateway.id), eq(gatewayDiagnoses.code, CLOCK_AHEAD_CODE)));
    expect(faults).toHaveLength(3);
    expect(faults.every((fault) => fault.level === 'warning')).toBe(true);
    // A refused report sent again is confirmed again but not counted twice.
    await send(client, sn, 'report', readings(103, now + 360, 300));
    await send(client, sn, 'report', readings(106, now - 60, 10));
    await waitFor(() => confirmations.includes(106), 5000, 'storedUpTo 106');
    const list = await call(t.app, 'gatewayList', { nid: network.id }, owner.session);
    const [shown] = list.body.data as Gateway[];
    expect(shown!.clockAhead.count).toBe(3);
    expect(shown!.clockAhead.lastAt).toBeGreaterThanOrEqual(now);
    expect(shown!.clockAhead.lastAt).toBeLessThan(now + 60);
    const diagnoses = await call(t.app, 'gatewayDiagnosisList', { gatewayId: gateway.id }, owner.session);
    expect((diagnoses.body.data as { list: { code: string }[] }).list.map((d) => d.code)).toEqual([
      CLOCK_AHEAD_CODE,
      CLOCK_AHEAD_CODE,
      CLOCK_AHEAD_CODE,
    ]);
  });
});
