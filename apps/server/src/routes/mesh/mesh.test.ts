import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, networkTeam, post, type TestApp } from '../../../test/helpers.ts';
import { buildGateway } from '../../../test/mqtt/fake-gateway.ts';
import { deviceElements, deviceReadings, devices, networks, telemetryReadings } from '../../db/schema.ts';

describeApi('mesh-prefix HTTP calls sent by gateways (section 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /**
   * A network with a gateway and three real devices: a lamp (with a D4i driver unless `plainLamp`), a sensor
   * and an emergency fitting.
   */
  async function installation({ plainLamp = false } = {}) {
    const { network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    const values = [
      { mac: 'DD0000000001', kind: 'luminaire', type: 1, isD4i: !plainLamp },
      { mac: 'DD0000000002', kind: 'motionSensor', type: 20, isD4i: false },
      { mac: 'DD0000000003', kind: 'emergency', type: 6, isD4i: false },
    ];
    const ids: number[] = [];
    for (const v of values) {
      const [row] = await t.db
        .insert(devices)
        .values({ nid: network.id, gatewayId: gateway.id, kind: v.kind, name: v.kind, model: 'M', mac: v.mac })
        .returning();
      await t.db.insert(deviceElements).values({ deviceId: row!.id, index: 0, type: v.type, isD4i: v.isD4i });
      ids.push(row!.id);
    }
    const auth = { uid: sn, token: secret };
    return { network, gateway, auth, lamp: ids[0]!, sensor: ids[1]!, emergency: ids[2]! };
  }

  const device = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;
  const element = async (id: number) =>
    (await t.db.select().from(deviceElements).where(eq(deviceElements.deviceId, id)))[0]!;

  it('light consume: adds usage once per sequence; 1012 for a wrong secret or unknown gateway; 1001 for bad input', async () => {
    const { gateway, auth, lamp } = await installation();
    const body = { ...auth, mac: 'dd:00:00:00:00:01', at: 1_700_000_000, onSeconds: 120, energyWh: 2.5, seq: 7 };
    expect((await post(t.app, '/SigMesh/report/light/consume', body)).body).toEqual({ code: 0, data: null });
    expect((await post(t.app, '/SigMesh/report/light/consume', body)).body).toEqual({ code: 0, data: null });
    expect((await device(lamp)).usageSeconds).toBe(120);
    const readings = await t.db.select().from(deviceReadings).where(eq(deviceReadings.gatewayId, gateway.id));
    expect(readings).toMatchObject([
      { seq: 7, kind: 'consume', deviceId: lamp, value: { onSeconds: 120, energyWh: 2.5 } },
    ]);

    for (const wrong of [
      { ...body, token: 'wrong', seq: 8 },
      { ...body, uid: 'gw-nobody-here', seq: 8 },
    ]) {
      expect((await post(t.app, '/SigMesh/report/light/consume', wrong)).body.code).toBe(Code.sessionInvalid);
    }
    for (const bad of [
      { ...body, mac: 'XYZ', seq: 9 },
      { ...body, onSeconds: -1, seq: 9 },
      { ...body, extra: 1, seq: 9 },
      { mac: body.mac, at: 1, onSeconds: 1, energyWh: 1, seq: 9 },
    ]) {
      const reply = await post(t.app, '/SigMesh/report/light/consume', bad);
      expect(reply.body.code, JSON.stringify(bad)).toBe(Code.badInput);
    }
    expect((await device(lamp)).usageSeconds).toBe(120);
  });

  it('sensor trigger and emergency node: count triggers and store the emergency mode once per sequence', async () => {
    const { auth, sensor, emergency } = await installation();
    const trigger = { ...auth, mac: 'DD0000000002', at: 1_700_000_050, count: 4, seq: 20 };
    for (let i = 0; i < 2; i += 1) {
      expect((await post(t.app, '/SigMesh/report/sensor/trigger', trigger)).body.code).toBe(0);
    }
    expect((await device(sensor)).sensorTriggerCount).toBe(4);
    expect((await element(sensor)).triggeredAt?.getTime()).toBe(1_700_000_050_000);

    const node = { ...auth, mac: 'DD0000000003', at: 1_700_000_060, mode: 3, faultBits: 5, seq: 21 };
    expect((await post(t.app, '/SigMesh/report/emergency/node', node)).body.code).toBe(0);
    expect(await element(emergency)).toMatchObject({ mode: 3, faultBits: 5 });
    expect((await post(t.app, '/SigMesh/report/emergency/node', { ...node, mode: 11 })).body.code).toBe(Code.badInput);
    expect((await post(t.app, '/SigMesh/report/emergency/node', { ...node, token: 'x' })).body.code).toBe(
      Code.sessionInvalid,
    );
  });

  it("lbs: sets the network's location only when it has none", async () => {
    const { network, auth } = await installation();
    const body = { ...auth, country: 'DE', longitude: 13.4, latitude: 52.5, deviceInfo: { model: 'gw' } };
    expect((await post(t.app, '/SigMesh/lbs', body)).body).toEqual({ code: 0, data: null });
    expect((await post(t.app, '/SigMesh/lbs', { ...body, longitude: 2.35, latitude: 48.85 })).body.code).toBe(0);
    const [row] = await t.db.select().from(networks).where(eq(networks.id, network.id));
    expect([row!.latitude, row!.longitude]).toEqual([52.5, 13.4]);
    expect((await post(t.app, '/SigMesh/lbs', { ...body, latitude: 91 })).body.code).toBe(Code.badInput);
    expect((await post(t.app, '/SigMesh/lbs', { ...body, token: 'nope' })).body.code).toBe(Code.sessionInvalid);
  });
  it("light consume and sensor trigger take readings: stored once under the call's number, absent values as none", async () => {
    const { gateway, auth, lamp, sensor } = await installation();
    const consume = {
      ...auth,
      mac: 'DD0000000001',
      at: 1_700_000_300,
      onSeconds: 300,
      energyWh: 1.5,
      seq: 21,
      elements: [
        {
          index: 0,
          energy: { raw: 0xffffffffffff, scale: 0, serial: 'S-1', source: 'd4i' },
          power: { raw: 180, scale: -1 },
          onSeconds: 300,
        },
      ],
    };
    for (let i = 0; i < 2; i += 1) {
      expect((await post(t.app, '/SigMesh/report/light/consume', consume)).body).toEqual({ code: 0, data: null });
    }
    const trigger = {
      ...auth,
      mac: 'DD0000000002',
      at: 1_700_000_310,
      count: 3,
      seq: 22,
      elements: [{ index: 0, triggers: 3 }],
    };
    expect((await post(t.app, '/SigMesh/report/sensor/trigger', trigger)).body).toEqual({ code: 0, data: null });
    const rows = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, gateway.id));
    expect(
      rows.map((r) => [Number(r.seq), r.deviceId, r.energyRaw, r.energyStatus, Number(r.powerW), r.triggers]),
    ).toEqual(
      expect.arrayContaining([
        [21, lamp, null, 'absent', 18, null],
        [22, sensor, null, null, 0, 3],
      ]),
    );
    expect(rows).toHaveLength(2);
    // The on-time came as the call's and as its readings' under one number, sent twice: counted once.
    expect((await device(lamp)).usageSeconds).toBe(300);
    // The trigger came as a call and as readings under one number: counted once.
    expect((await device(sensor)).sensorTriggerCount).toBe(3);
    expect((await element(sensor)).triggeredAt?.getTime()).toBe(1_700_000_310_000);
  });

  it('light consume from a lamp without a D4i driver: a counter it declares D4i is kept as no reading', async () => {
    const { gateway, auth, lamp } = await installation({ plainLamp: true });
    const consume = {
      ...auth,
      mac: 'DD0000000001',
      at: 1_700_000_300,
      onSeconds: 300,
      energyWh: 1.5,
      seq: 31,
      elements: [
        {
          index: 0,
          energy: { raw: 5000, scale: 0, serial: 'S-1', source: 'd4i' },
          power: { raw: 180, scale: -1 },
          onSeconds: 300,
          meanLightness: 50,
        },
      ],
    };
    expect((await post(t.app, '/SigMesh/report/light/consume', consume)).body).toEqual({ code: 0, data: null });
    const [row] = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, gateway.id));
    expect(row).toMatchObject({
      deviceId: lamp,
      energyRaw: null,
      energySource: 'd4i',
      energyStatus: 'notD4i',
      powerW: null,
      powerStatus: 'notD4i',
      onSeconds: 300,
    });
    // The estimate's weight: 300 s at level 50 on a linear element are 150 s at rated power.
    expect(Number(row!.meanLightness)).toBe(50);
    expect(Number(row!.ratedSeconds)).toBe(150);
  });
});
