import { Code, type DeviceDetail, type SensorSummary } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildNetwork, call, describeApi, networkTeam, type Session } from '../../../test/helpers.ts';
import { deviceElements, devices, nodes } from '../../db/schema.ts';
import { buildProduct, buildRealDevice, type Page, row, useDeviceSite } from './test-devices.ts';

const site = useDeviceSite();
const { add } = site;

describeApi('devices: list, detail, add, update, delete, bind and sensors', () => {
  it('binds a real device of the same model (1077 otherwise), shows its state and sync, then unbinds', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(site.t);
    const lamp = await buildProduct(site.t.db);
    const other = await buildProduct(site.t.db);
    const [virtual] = await add(owner.session, network.id, [row(lamp.model, 'A4C138002001')]);
    const real = await buildRealDevice(site.t.db, network.id, lamp, 'A4C138002001', { sensorTriggerCount: 4 });
    const mismatched = await buildRealDevice(site.t.db, network.id, other, 'A4C138002002');
    const bind = (who: Session, virtualId: number, realId: number) =>
      call(site.t.app, 'deviceBind', { virtualId, realId }, who);

    expect((await bind(owner.session, virtual!.id, mismatched.id)).body.code).toBe(Code.modelMismatch);
    expect((await bind(sub.session, virtual!.id, real.id)).body.code).toBe(Code.noPermission);
    expect((await bind(stranger.session, virtual!.id, real.id)).body.code).toBe(Code.noPermission);
    expect((await bind(owner.session, real.id, virtual!.id)).body.code).toBe(Code.badInput);
    const foreignNet = await buildNetwork(site.t.db, stranger.pid, [{ uid: stranger.user.id, userType: 2 }]);
    const foreignReal = await buildRealDevice(site.t.db, foreignNet.id, lamp, 'A4C138002003');
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
    const realView = (await call(site.t.app, 'deviceGet', { deviceId: real.id }, sub.session)).body
      .data as DeviceDetail;
    expect(realView).toMatchObject({ boundId: virtual!.id, syncState: 0 });

    // Settings changed on the real device after the virtual one: real modified.
    await site.t.db
      .update(devices)
      .set({ settings: { holdTime: 30 }, updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(devices.id, real.id));
    expect(
      ((await call(site.t.app, 'deviceGet', { deviceId: virtual!.id }, sub.session)).body.data as DeviceDetail)
        .syncState,
    ).toBe(2);
    await site.t.db
      .update(devices)
      .set({ settings: { holdTime: 60 }, updatedAt: new Date(Date.now() + 120_000) })
      .where(eq(devices.id, virtual!.id));
    expect(
      ((await call(site.t.app, 'deviceGet', { deviceId: virtual!.id }, sub.session)).body.data as DeviceDetail)
        .syncState,
    ).toBe(1);

    // Another virtual device cannot take the same real device; a bound one cannot take another.
    const [second] = await add(owner.session, network.id, [row(lamp.model, 'A4C138002009')]);
    expect((await bind(owner.session, second!.id, real.id)).body.code).toBe(Code.deviceBound);
    const spare = await buildRealDevice(site.t.db, network.id, lamp, 'A4C138002010');
    expect((await bind(owner.session, virtual!.id, spare.id)).body.code).toBe(Code.deviceBound);
    // Its model cannot change while bound.
    const remodel = await call(
      site.t.app,
      'deviceUpdate',
      { deviceId: virtual!.id, changes: { model: other.model } },
      owner.session,
    );
    expect(remodel.body.code).toBe(Code.deviceBound);

    expect((await call(site.t.app, 'deviceUnbind', { virtualId: virtual!.id }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
    const unbound = await call(site.t.app, 'deviceUnbind', { virtualId: virtual!.id }, owner.session);
    expect(unbound.body).toMatchObject({ code: 0, data: { boundId: null, syncState: 1, online: false } });
    expect((await call(site.t.app, 'deviceUnbind', { virtualId: real.id }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect((await call(site.t.app, 'deviceUnbind', { virtualId: virtual!.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it('updates fields of a device; MAC and model of virtual devices only', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(site.t);
    const lamp = await buildProduct(site.t.db);
    const lamp2 = await buildProduct(site.t.db);
    const button = await buildProduct(site.t.db, 'pushButton');
    const [a, b] = await add(owner.session, network.id, [
      row(lamp.model, 'A4C138003001'),
      row(lamp.model, 'A4C138003002'),
    ]);
    const update = (who: Session, deviceId: number, changes: Record<string, unknown>) =>
      call(site.t.app, 'deviceUpdate', { deviceId, changes }, who);
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
    const real = await buildRealDevice(site.t.db, network.id, lamp, 'A4C138003003');
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
    const { owner, installer, sub, stranger, network } = await networkTeam(site.t);
    const lamp = await buildProduct(site.t.db);
    const [virtual, loose] = await add(owner.session, network.id, [
      row(lamp.model, 'A4C138004001'),
      row(lamp.model, 'A4C138004002'),
    ]);
    const real = await buildRealDevice(site.t.db, network.id, lamp, 'A4C138004001');
    expect(
      (await call(site.t.app, 'deviceBind', { virtualId: virtual!.id, realId: real.id }, owner.session)).body.code,
    ).toBe(0);
    const remove = (who: Session, deviceId: number) => call(site.t.app, 'deviceDelete', { deviceId }, who);
    expect((await remove(owner.session, virtual!.id)).body.code).toBe(Code.deviceBound);
    expect((await remove(owner.session, real.id)).body.code).toBe(Code.deviceBound);
    expect((await remove(sub.session, loose!.id)).body.code).toBe(Code.noPermission);
    expect((await remove(stranger.session, loose!.id)).body.code).toBe(Code.noPermission);

    const [node] = await site.t.db
      .insert(nodes)
      .values({ nid: network.id, vid: loose!.id, name: 'Lamp on plan' })
      .returning();
    expect((await remove(installer.session, loose!.id)).body).toMatchObject({ code: 0, data: null });
    expect(await site.t.db.select().from(devices).where(eq(devices.id, loose!.id))).toEqual([]);
    expect(await site.t.db.select().from(nodes).where(eq(nodes.id, node!.id))).toEqual([]);

    await call(site.t.app, 'deviceUnbind', { virtualId: virtual!.id }, owner.session);
    expect((await remove(owner.session, virtual!.id)).body.code).toBe(0);
    expect((await remove(owner.session, real.id)).body.code).toBe(0);
    expect((await remove(owner.session, 999_999)).body.code).toBe(Code.noPermission);
  });

  it('lists motion and light sensors with trigger counts, last trigger and lux (1050 when none)', async () => {
    const { owner, sub, stranger, network } = await networkTeam(site.t);
    expect((await call(site.t.app, 'sensorList', { nid: network.id }, sub.session)).body.code).toBe(Code.emptyList);
    const motion = await buildProduct(site.t.db, 'motionSensor');
    const light = await buildProduct(site.t.db, 'lightSensor');
    const lamp = await buildProduct(site.t.db);
    const m = await buildRealDevice(site.t.db, network.id, motion, 'A4C138005001', {
      name: 'A motion',
      sensorTriggerCount: 12,
    });
    const l = await buildRealDevice(site.t.db, network.id, light, 'A4C138005002', { name: 'B light' });
    await buildRealDevice(site.t.db, network.id, lamp, 'A4C138005003');
    await site.t.db.insert(deviceElements).values([
      { deviceId: m.id, index: 0, type: 20, triggeredAt: new Date(1_700_000_100_000) },
      { deviceId: l.id, index: 0, type: 21, lux: 420, triggeredAt: new Date(1_700_000_200_000) },
    ]);
    const page = (await call(site.t.app, 'sensorList', { nid: network.id }, sub.session)).body
      .data as Page<SensorSummary>;
    expect(page.total).toBe(2);
    expect(page.list).toMatchObject([
      { name: 'A motion', kind: 'motionSensor', triggerCount: 12, lastTriggeredAt: 1_700_000_100, lux: null },
      { name: 'B light', kind: 'lightSensor', triggerCount: 0, lastTriggeredAt: 1_700_000_200, lux: 420 },
    ]);
    expect((await call(site.t.app, 'sensorList', { nid: network.id }, owner.session)).body.code).toBe(0);
    expect((await call(site.t.app, 'sensorList', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
  });
});
