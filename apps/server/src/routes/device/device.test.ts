import { Code, type DeviceDetail, type DeviceSummary, SAMPLE_D4I_BANK_RAW } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildNetwork, call, describeApi, networkTeam } from '../../../test/helpers.ts';
import { auditEvents, deviceElements, devices } from '../../db/schema.ts';
import { buildProduct, buildRealDevice, type Page, row, useDeviceSite } from './test-devices.ts';

const RAW_BANK = SAMPLE_D4I_BANK_RAW;

const site = useDeviceSite();
const { add } = site;

describeApi('devices: list, detail, add, update, delete, bind and sensors', () => {
  it('lists devices to every member (1050 when empty), paged and filtered; 1013 to a stranger', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(site.t);
    expect((await call(site.t.app, 'deviceList', { nid: network.id }, sub.session)).body).toMatchObject({
      code: Code.emptyList,
      data: { list: [], total: 0 },
    });
    const lamp = await buildProduct(site.t.db);
    const sensor = await buildProduct(site.t.db, 'motionSensor');
    await add(installer.session, network.id, [row(lamp.model, 'A4C138000001'), row(lamp.model, 'A4C138000002')]);
    await buildRealDevice(site.t.db, network.id, sensor, 'A4C1380000F1', { name: 'Corridor sensor' });
    for (const who of [owner, installer, sub]) {
      const page = (await call(site.t.app, 'deviceList', { nid: network.id }, who.session)).body
        .data as Page<DeviceSummary>;
      expect(page.total).toBe(3);
    }
    const virtualOnly = (await call(site.t.app, 'deviceList', { nid: network.id, isVirtual: true }, sub.session)).body
      .data as Page<DeviceSummary>;
    expect(virtualOnly.list.map((d) => d.mac)).toEqual(['A4C138000001', 'A4C138000002']);
    expect(virtualOnly.list[0]).toMatchObject({
      kind: 'luminaire',
      isVirtual: true,
      syncState: 1,
      nodeFlag: 3,
      boundId: null,
    });
    const sensors = (await call(site.t.app, 'deviceList', { nid: network.id, kind: 'motionSensor' }, sub.session)).body
      .data as Page<DeviceSummary>;
    expect(sensors.list).toMatchObject([{ name: 'Corridor sensor', isVirtual: false, online: true }]);
    const byMac = (await call(site.t.app, 'deviceList', { nid: network.id, search: 'a4:c1:38:00:00:02' }, sub.session))
      .body.data as Page<DeviceSummary>;
    expect(byMac.list.map((d) => d.mac)).toEqual(['A4C138000002']);
    const paged = (await call(site.t.app, 'deviceList', { nid: network.id, page: 2, pageSize: 10 }, sub.session)).body;
    expect(paged).toMatchObject({ code: 0, data: { list: [], total: 3, page: 2 } });
    for (const nid of [network.id, 999_999]) {
      const refused = await call(site.t.app, 'deviceList', { nid }, stranger.session);
      expect(refused.body.code).toBe(Code.noPermission);
      expect(JSON.stringify(refused.body)).not.toContain('A4C1');
    }
  });

  it('adds 1 to 10 virtual devices; MAC required, hexadecimal and unique in the network (1082)', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(site.t);
    const lamp = await buildProduct(site.t.db);
    const added = await add(owner.session, network.id, [
      row(lamp.model, 'a4:c1:38:00:01:01', {
        serialNumber: 'S1',
        supplier: 'Acme',
        installedAt: 1_700_000_000,
        batteryType: 'none',
      }),
    ]);
    expect(added).toMatchObject([{ mac: 'A4C138000101', model: lamp.model, productId: lamp.id, isVirtual: true }]);
    const [stored] = await site.t.db.select().from(devices).where(eq(devices.id, added[0]!.id));
    expect(stored).toMatchObject({
      supplier: 'Acme',
      manufacturer: 'Lightwell',
      batteryType: 'none',
      kind: 'luminaire',
    });
    expect(stored!.installedAt?.getTime()).toBe(1_700_000_000_000);
    const [audit] = await site.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.nid, network.id), eq(auditEvents.action, 'device.add')));
    expect(audit?.actorUid).toBe(owner.user.id);

    const ten = Array.from({ length: 10 }, (_, i) => row(lamp.model, `A4C1380002${String(i).padStart(2, '0')}`));
    expect(await add(installer.session, network.id, ten)).toHaveLength(10);
    const eleven = Array.from({ length: 11 }, (_, i) => row(lamp.model, `A4C1380003${String(i).padStart(2, '0')}`));
    expect((await call(site.t.app, 'deviceAdd', { nid: network.id, devices: eleven }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect((await call(site.t.app, 'deviceAdd', { nid: network.id, devices: [] }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    for (const mac of ['', 'A4C13800', 'A4C1380001ZZ']) {
      const reply = await call(
        site.t.app,
        'deviceAdd',
        { nid: network.id, devices: [row(lamp.model, mac)] },
        owner.session,
      );
      expect(reply.body.code, mac).toBe(Code.badInput);
    }
    const taken = await call(
      site.t.app,
      'deviceAdd',
      { nid: network.id, devices: [row(lamp.model, 'A4C138000101')] },
      owner.session,
    );
    expect(taken.body).toMatchObject({ code: Code.macTaken, data: { macs: ['A4C138000101'] } });
    const twice = await call(
      site.t.app,
      'deviceAdd',
      { nid: network.id, devices: [row(lamp.model, 'A4C138000401'), row(lamp.model, 'a4c138000401')] },
      owner.session,
    );
    expect(twice.body.code).toBe(Code.macTaken);
    // The same MAC is free in another network, and a real device's MAC may be planned as a virtual one.
    const other = await buildNetwork(site.t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    expect(await add(owner.session, other.id, [row(lamp.model, 'A4C138000101')])).toHaveLength(1);
    await buildRealDevice(site.t.db, network.id, lamp, 'A4C138000501');
    expect(await add(owner.session, network.id, [row(lamp.model, 'A4C138000501')])).toHaveLength(1);

    const unknown = await call(
      site.t.app,
      'deviceAdd',
      { nid: network.id, devices: [row('NOPE-1', 'A4C138000601')] },
      owner.session,
    );
    expect(unknown.body.code).toBe(Code.badInput);
    const wrongKind = await call(
      site.t.app,
      'deviceAdd',
      { nid: network.id, devices: [row(lamp.model, 'A4C138000602', { kind: 'pushButton' })] },
      owner.session,
    );
    expect(wrongKind.body.code).toBe(Code.badInput);
    for (const who of [sub, stranger]) {
      const refused = await call(
        site.t.app,
        'deviceAdd',
        { nid: network.id, devices: [row(lamp.model, 'A4C138000701')] },
        who.session,
      );
      expect(refused.body.code).toBe(Code.noPermission);
    }
  });

  it('shows every section-3 field and decodes element status, flags and the D4i bank', async () => {
    const { owner, sub, stranger, network } = await networkTeam(site.t);
    const lamp = await buildProduct(site.t.db, 'luminaire', { ratedPower: 40 });
    const now = Math.floor(site.t.clock.now().getTime() / 1000);
    const real = await buildRealDevice(site.t.db, network.id, lamp, 'A4C138001001', {
      usageSeconds: 7200,
      installedAt: new Date(1_700_000_000_000),
      supplier: 'Acme',
      batteryType: 'LiFePO4',
    });
    await site.t.db.insert(deviceElements).values([
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
      const reply = await call(site.t.app, 'deviceGet', { deviceId: real.id }, who.session);
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
      expect((await call(site.t.app, 'deviceGet', { deviceId }, stranger.session)).body.code).toBe(Code.noPermission);
    }
  });
});
