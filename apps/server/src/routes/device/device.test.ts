import {
  Code,
  type DeviceDetail,
  type DeviceSummary,
  SAMPLE_D4I_BANK_RAW,
  type SensorSummary,
} from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  networkTeam,
  type Session,
  type TestApp,
} from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { auditEvents, deviceElements, devices, nodes, products } from '../../db/schema.ts';

type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

const RAW_BANK = SAMPLE_D4I_BANK_RAW;

let modelCounter = 0;
/** A system product (no owner), as the demo seed or the gateway inventory makes them. */
async function buildProduct(db: Db, kind = 'luminaire', overrides: Partial<typeof products.$inferInsert> = {}) {
  modelCounter += 1;
  const [row] = await db
    .insert(products)
    .values({
      model: `LW-${kind}-${modelCounter}-${Date.now() % 100000}`,
      name: `${kind} product`,
      kind,
      manufacturer: 'Lightwell',
      ratedPower: 36,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A real device as the gateway inventory stores it. */
async function buildRealDevice(
  db: Db,
  nid: number,
  product: typeof products.$inferSelect,
  mac: string,
  extra: Partial<typeof devices.$inferInsert> = {},
) {
  const [row] = await db
    .insert(devices)
    .values({
      nid,
      isVirtual: false,
      kind: product.kind,
      name: `Real ${mac.slice(-4)}`,
      productId: product.id,
      model: product.model,
      mac,
      online: true,
      firmwareVersion: '2.1.0',
      hardwareVersion: 'A',
      serialNumber: `SN-${mac}`,
      ...extra,
    })
    .returning();
  return row!;
}

const row = (model: string, mac: string, extra: Record<string, unknown> = {}) => ({
  kind: 'luminaire',
  model,
  name: `Lamp ${mac.slice(-2)}`,
  mac,
  ...extra,
});

describeApi('devices: list, detail, add, update, delete, bind and sensors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const add = async (session: Session, nid: number, rows: unknown[]) => {
    const reply = await call(t.app, 'deviceAdd', { nid, devices: rows }, session);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    return reply.body.data as DeviceSummary[];
  };

  it('lists devices to every member (1050 when empty), paged and filtered; 1013 to a stranger', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    expect((await call(t.app, 'deviceList', { nid: network.id }, sub.session)).body).toMatchObject({
      code: Code.emptyList,
      data: { list: [], total: 0 },
    });
    const lamp = await buildProduct(t.db);
    const sensor = await buildProduct(t.db, 'motionSensor');
    await add(installer.session, network.id, [row(lamp.model, 'A4C138000001'), row(lamp.model, 'A4C138000002')]);
    await buildRealDevice(t.db, network.id, sensor, 'A4C1380000F1', { name: 'Corridor sensor' });
    for (const who of [owner, installer, sub]) {
      const page = (await call(t.app, 'deviceList', { nid: network.id }, who.session)).body.data as Page<DeviceSummary>;
      expect(page.total).toBe(3);
    }
    const virtualOnly = (await call(t.app, 'deviceList', { nid: network.id, isVirtual: true }, sub.session)).body
      .data as Page<DeviceSummary>;
    expect(virtualOnly.list.map((d) => d.mac)).toEqual(['A4C138000001', 'A4C138000002']);
    expect(virtualOnly.list[0]).toMatchObject({
      kind: 'luminaire',
      isVirtual: true,
      syncState: 1,
      nodeFlag: 3,
      boundId: null,
    });
    const sensors = (await call(t.app, 'deviceList', { nid: network.id, kind: 'motionSensor' }, sub.session)).body
      .data as Page<DeviceSummary>;
    expect(sensors.list).toMatchObject([{ name: 'Corridor sensor', isVirtual: false, online: true }]);
    const byMac = (await call(t.app, 'deviceList', { nid: network.id, search: 'a4:c1:38:00:00:02' }, sub.session)).body
      .data as Page<DeviceSummary>;
    expect(byMac.list.map((d) => d.mac)).toEqual(['A4C138000002']);
    const paged = (await call(t.app, 'deviceList', { nid: network.id, page: 2, pageSize: 10 }, sub.session)).body;
    expect(paged).toMatchObject({ code: 0, data: { list: [], total: 3, page: 2 } });
    for (const nid of [network.id, 999_999]) {
      const refused = await call(t.app, 'deviceList', { nid }, stranger.session);
      expect(refused.body.code).toBe(Code.noPermission);
      expect(JSON.stringify(refused.body)).not.toContain('A4C1');
    }
  });

  it('adds 1 to 10 virtual devices; MAC required, hexadecimal and unique in the network (1082)', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const lamp = await buildProduct(t.db);
    const added = await add(owner.session, network.id, [
      row(lamp.model, 'a4:c1:38:00:01:01', {
        serialNumber: 'S1',
        supplier: 'Acme',
        installedAt: 1_700_000_000,
        batteryType: 'none',
      }),
    ]);
    expect(added).toMatchObject([{ mac: 'A4C138000101', model: lamp.model, productId: lamp.id, isVirtual: true }]);
    const [stored] = await t.db.select().from(devices).where(eq(devices.id, added[0]!.id));
    expect(stored).toMatchObject({
      supplier: 'Acme',
      manufacturer: 'Lightwell',
      batteryType: 'none',
      kind: 'luminaire',
    });
    expect(stored!.installedAt?.getTime()).toBe(1_700_000_000_000);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.nid, network.id), eq(auditEvents.action, 'device.add')));
    expect(audit?.actorUid).toBe(owner.user.id);

    const ten = Array.from({ length: 10 }, (_, i) => row(lamp.model, `A4C1380002${String(i).padStart(2, '0')}`));
    expect(await add(installer.session, network.id, ten)).toHaveLength(10);
    const eleven = Array.from({ length: 11 }, (_, i) => row(lamp.model, `A4C1380003${String(i).padStart(2, '0')}`));
    expect((await call(t.app, 'deviceAdd', { nid: network.id, devices: eleven }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect((await call(t.app, 'deviceAdd', { nid: network.id, devices: [] }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    for (const mac of ['', 'A4C13800', 'A4C1380001ZZ']) {
      const reply = await call(t.app, 'deviceAdd', { nid: network.id, devices: [row(lamp.model, mac)] }, owner.session);
      expect(reply.body.code, mac).toBe(Code.badInput);
    }
    const taken = await call(
      t.app,
      'deviceAdd',
      { nid: network.id, devices: [row(lamp.model, 'A4C138000101')] },
      owner.session,
    );
    expect(taken.body).toMatchObject({ code: Code.macTaken, data: { macs: ['A4C138000101'] } });
    const twice = await call(
      t.app,
      'deviceAdd',
      { nid: network.id, devices: [row(lamp.model, 'A4C138000401'), row(lamp.model, 'a4c138000401')] },
      owner.session,
    );
    expect(twice.body.code).toBe(Code.macTaken);
    // The same MAC is free in another network, and a real device's MAC may be planned as a virtual one.
    const other = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    expect(await add(owner.session, other.id, [row(lamp.model, 'A4C138000101')])).toHaveLength(1);
    await buildRealDevice(t.db, network.id, lamp, 'A4C138000501');
    expect(await add(owner.session, network.id, [row(lamp.model, 'A4C138000501')])).toHaveLength(1);

    const unknown = await call(
      t.app,
      'deviceAdd',
      { nid: network.id, devices: [row('NOPE-1', 'A4C138000601')] },
      owner.session,
    );
    expect(unknown.body.code).toBe(Code.badInput);
    const wrongKind = await call(
      t.app,
      'deviceAdd',
      { nid: network.id, devices: [row(lamp.model, 'A4C138000602', { kind: 'pushButton' })] },
      owner.session,
    );
    expect(wrongKind.body.code).toBe(Code.badInput);
    for (const who of [sub, stranger]) {
      const refused = await call(
        t.app,
        'deviceAdd',
        { nid: network.id, devices: [row(lamp.model, 'A4C138000701')] },
        who.session,
      );
      expect(refused.body.code).toBe(Code.noPermission);
    }
  });

  it('shows every section-3 field and decodes element status, flags and the D4i bank', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const lamp = await buildProduct(t.db, 'luminaire', { ratedPower: 40 });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const real = await buildRealDevice(t.db, network.id, lamp, 'A4C138001001', {
      usageSeconds: 7200,
      installedAt: new Date(1_700_000_000_000),
      supplier: 'Acme',
      batteryType: 'LiFePO4',
    });
    await t.db.insert(deviceElements).values([
      {
        deviceId: real.id,
        index: 0,
        type: 1,
        isD4i: true,
        isLinear: false,
        onOff: 1,
        lightness: 50,
        status: 1,
        flags: 0b110,
        d4iBank: RAW_BANK,
        bankAt: new Date((now - 600) * 1000),
      },
      {
        deviceId: real.id,
        index: 1,
        type: 8,
        isD4i: true,
        status: 2,
        d4iBank: RAW_BANK,
        bankAt: new Date((now - 90_000) * 1000),
      },
    ]);
    for (const who of [owner, sub]) {
      const reply = await call(t.app, 'deviceGet', { deviceId: real.id }, who.session);
      expect(reply.body.code).toBe(0);
      const detail = reply.body.data as DeviceDetail;
      expect(detail).toMatchObject({
        name: real.name,
        model: lamp.model,
        mac: 'A4C138001001',
        firmwareVersion: '2.1.0',
        hardwareVersion: 'A',
        serialNumber: 'SN-A4C138001001',
        manufacturer: 'Lightwell',
        supplier: 'Acme',
        installedAt: 1_700_000_000,
        ratedPower: 40,
        batteryType: 'LiFePO4',
        usageSeconds: 7200,
        sensorTriggerCount: 0,
        online: true,
        nodeFlag: 2,
        syncState: 0,
        product: { id: lamp.id, model: lamp.model, isSystem: true, editable: false },
      });
      expect(detail.elements[0]).toMatchObject({
        health: 'lampFault',
        bankFresh: true,
        outputLevel: 3,
        statusFlags: ['lampFault', 'lampOn'],
        d4i: {
          gearPowerFactor: 0.95,
          gearExternalVoltage: 230,
          gearTemperature: 25,
          lightSourceCurrent: 0.35,
          ratedLifeOfLuminaire: 50_000,
          ratedLightSourceStarts: 20_000,
        },
      });
      // A bank older than 24 h: the driver fault does not count.
      expect(detail.elements[1]).toMatchObject({ health: 'normal', bankFresh: false, problem: false });
    }
    for (const deviceId of [real.id, 999_999]) {
      expect((await call(t.app, 'deviceGet', { deviceId }, stranger.session)).body.code).toBe(Code.noPermission);
    }
  });

  it('binds a real device of the same model (1077 otherwise), shows its state and sync, then unbinds', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const lamp = await buildProduct(t.db);
    const other = await buildProduct(t.db);
    const [virtual] = await add(owner.session, network.id, [row(lamp.model, 'A4C138002001')]);
    const real = await buildRealDevice(t.db, network.id, lamp, 'A4C138002001', { sensorTriggerCount: 4 });
    const mismatched = await buildRealDevice(t.db, network.id, other, 'A4C138002002');
    const bind = (who: Session, virtualId: number, realId: number) =>
      call(t.app, 'deviceBind', { virtualId, realId }, who);

    expect((await bind(owner.session, virtual!.id, mismatched.id)).body.code).toBe(Code.modelMismatch);
    expect((await bind(sub.session, virtual!.id, real.id)).body.code).toBe(Code.noPermission);
    expect((await bind(stranger.session, virtual!.id, real.id)).body.code).toBe(Code.noPermission);
    expect((await bind(owner.session, real.id, virtual!.id)).body.code).toBe(Code.badInput);
    const foreignNet = await buildNetwork(t.db, stranger.pid, [{ uid: stranger.user.id, userType: 2 }]);
    const foreignReal = await buildRealDevice(t.db, foreignNet.id, lamp, 'A4C138002003');
    expect((await bind(owner.session, virtual!.id, foreignReal.id)).body.code).toBe(Code.noPermission);

    const bound = await bind(installer.session, virtual!.id, real.id);
    expect(bound.body.code).toBe(0);
    expect(bound.body.data).toMatchObject({
      boundId: real.id,
      boundName: real.name,
      syncState: 0,
      online: true,
      sensorTriggerCount: 4,
    });
    const realView = (await call(t.app, 'deviceGet', { deviceId: real.id }, sub.session)).body.data as DeviceDetail;
    expect(realView).toMatchObject({ boundId: virtual!.id, syncState: 0 });

    // Settings changed on the real device after the virtual one: real modified.
    await t.db
      .update(devices)
      .set({ settings: { holdTime: 30 }, updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(devices.id, real.id));
    expect(
      ((await call(t.app, 'deviceGet', { deviceId: virtual!.id }, sub.session)).body.data as DeviceDetail).syncState,
    ).toBe(2);
    await t.db
      .update(devices)
      .set({ settings: { holdTime: 60 }, updatedAt: new Date(Date.now() + 120_000) })
      .where(eq(devices.id, virtual!.id));
    expect(
      ((await call(t.app, 'deviceGet', { deviceId: virtual!.id }, sub.session)).body.data as DeviceDetail).syncState,
    ).toBe(1);

    // Another virtual device cannot take the same real device; a bound one cannot take another.
    const [second] = await add(owner.session, network.id, [row(lamp.model, 'A4C138002009')]);
    expect((await bind(owner.session, second!.id, real.id)).body.code).toBe(Code.deviceBound);
    const spare = await buildRealDevice(t.db, network.id, lamp, 'A4C138002010');
    expect((await bind(owner.session, virtual!.id, spare.id)).body.code).toBe(Code.deviceBound);
    // Its model cannot change while bound.
    const remodel = await call(
      t.app,
      'deviceUpdate',
      { deviceId: virtual!.id, changes: { model: other.model } },
      owner.session,
    );
    expect(remodel.body.code).toBe(Code.deviceBound);

    expect((await call(t.app, 'deviceUnbind', { virtualId: virtual!.id }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
    const unbound = await call(t.app, 'deviceUnbind', { virtualId: virtual!.id }, owner.session);
    expect(unbound.body).toMatchObject({ code: 0, data: { boundId: null, syncState: 1, online: false } });
    expect((await call(t.app, 'deviceUnbind', { virtualId: real.id }, owner.session)).body.code).toBe(Code.badInput);
    expect((await call(t.app, 'deviceUnbind', { virtualId: virtual!.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it('updates fields of a device; MAC and model of virtual devices only', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const lamp = await buildProduct(t.db);
    const lamp2 = await buildProduct(t.db);
    const button = await buildProduct(t.db, 'pushButton');
    const [a, b] = await add(owner.session, network.id, [
      row(lamp.model, 'A4C138003001'),
      row(lamp.model, 'A4C138003002'),
    ]);
    const update = (who: Session, deviceId: number, changes: Record<string, unknown>) =>
      call(t.app, 'deviceUpdate', { deviceId, changes }, who);
    const changed = await update(installer.session, a!.id, {
      name: 'Desk lamp',
      mac: 'a4c1380030ff',
      model: lamp2.model,
      ratedPower: 12,
      installedAt: null,
    });
    expect(changed.body).toMatchObject({
      code: 0,
      data: { name: 'Desk lamp', mac: 'A4C1380030FF', model: lamp2.model, productId: lamp2.id, ratedPower: 12 },
    });
    expect((await update(owner.session, a!.id, { mac: b!.mac })).body.code).toBe(Code.macTaken);
    expect((await update(owner.session, a!.id, { model: button.model })).body.code).toBe(Code.badInput);
    expect((await update(owner.session, a!.id, {})).body.code).toBe(Code.badInput);
    expect((await update(owner.session, a!.id, { mac: 'XYZ' })).body.code).toBe(Code.badInput);
    const real = await buildRealDevice(t.db, network.id, lamp, 'A4C138003003');
    expect((await update(owner.session, real.id, { mac: 'A4C138003004' })).body.code).toBe(Code.badInput);
    expect((await update(owner.session, real.id, { name: 'Renamed real', supplier: 'Acme' })).body).toMatchObject({
      code: 0,
      data: { name: 'Renamed real', supplier: 'Acme', mac: 'A4C138003003' },
    });
    expect((await update(sub.session, a!.id, { name: 'Nope' })).body.code).toBe(Code.noPermission);
    for (const deviceId of [a!.id, 999_999]) {
      expect((await update(stranger.session, deviceId, { name: 'Nope' })).body.code).toBe(Code.noPermission);
    }
  });

  it('deletes a device with its plan nodes; a bound device (either side) must be unbound first (1076)', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const lamp = await buildProduct(t.db);
    const [virtual, loose] = await add(owner.session, network.id, [
      row(lamp.model, 'A4C138004001'),
      row(lamp.model, 'A4C138004002'),
    ]);
    const real = await buildRealDevice(t.db, network.id, lamp, 'A4C138004001');
    expect(
      (await call(t.app, 'deviceBind', { virtualId: virtual!.id, realId: real.id }, owner.session)).body.code,
    ).toBe(0);
    const remove = (who: Session, deviceId: number) => call(t.app, 'deviceDelete', { deviceId }, who);
    expect((await remove(owner.session, virtual!.id)).body.code).toBe(Code.deviceBound);
    expect((await remove(owner.session, real.id)).body.code).toBe(Code.deviceBound);
    expect((await remove(sub.session, loose!.id)).body.code).toBe(Code.noPermission);
    expect((await remove(stranger.session, loose!.id)).body.code).toBe(Code.noPermission);

    const [node] = await t.db
      .insert(nodes)
      .values({ nid: network.id, vid: loose!.id, name: 'Lamp on plan' })
      .returning();
    expect((await remove(installer.session, loose!.id)).body).toMatchObject({ code: 0, data: null });
    expect(await t.db.select().from(devices).where(eq(devices.id, loose!.id))).toEqual([]);
    expect(await t.db.select().from(nodes).where(eq(nodes.id, node!.id))).toEqual([]);

    await call(t.app, 'deviceUnbind', { virtualId: virtual!.id }, owner.session);
    expect((await remove(owner.session, virtual!.id)).body.code).toBe(0);
    expect((await remove(owner.session, real.id)).body.code).toBe(0);
    expect((await remove(owner.session, 999_999)).body.code).toBe(Code.noPermission);
  });

  it('lists motion and light sensors with trigger counts, last trigger and lux (1050 when none)', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    expect((await call(t.app, 'sensorList', { nid: network.id }, sub.session)).body.code).toBe(Code.emptyList);
    const motion = await buildProduct(t.db, 'motionSensor');
    const light = await buildProduct(t.db, 'lightSensor');
    const lamp = await buildProduct(t.db);
    const m = await buildRealDevice(t.db, network.id, motion, 'A4C138005001', {
      name: 'A motion',
      sensorTriggerCount: 12,
    });
    const l = await buildRealDevice(t.db, network.id, light, 'A4C138005002', { name: 'B light' });
    await buildRealDevice(t.db, network.id, lamp, 'A4C138005003');
    await t.db.insert(deviceElements).values([
      { deviceId: m.id, index: 0, type: 20, triggeredAt: new Date(1_700_000_100_000) },
      { deviceId: l.id, index: 0, type: 21, lux: 420, triggeredAt: new Date(1_700_000_200_000) },
    ]);
    const page = (await call(t.app, 'sensorList', { nid: network.id }, sub.session)).body.data as Page<SensorSummary>;
    expect(page.total).toBe(2);
    expect(page.list).toMatchObject([
      { name: 'A motion', kind: 'motionSensor', triggerCount: 12, lastTriggeredAt: 1_700_000_100, lux: null },
      { name: 'B light', kind: 'lightSensor', triggerCount: 0, lastTriggeredAt: 1_700_000_200, lux: 420 },
    ]);
    expect((await call(t.app, 'sensorList', { nid: network.id }, owner.session)).body.code).toBe(0);
    expect((await call(t.app, 'sensorList', { nid: network.id }, stranger.session)).body.code).toBe(Code.noPermission);
  });
});
