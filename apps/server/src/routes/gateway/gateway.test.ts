import { createHash } from 'node:crypto';
import { Code, type Gateway } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { buildGateway, connectGateway, waitFor } from '../../../test/mqtt/fake-gateway.ts';
import { auditEvents, deviceElements, devices, gatewayDiagnoses, gateways, nodes } from '../../db/schema.ts';

describeApi('gateways: list, add, update, delete, secret reset, diagnoses, real devices, device state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists gateways to every member with the on-load rule; 1050 when none; 1013 to a stranger', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    for (const who of [owner, installer, sub]) {
      expect((await call(t.app, 'gatewayList', { nid: network.id }, who.session)).body).toMatchObject({
        code: Code.emptyList,
        data: [],
      });
    }
    const seen = new Date('2026-01-02T03:04:05Z');
    await buildGateway(t.db, network.id, { sn: `gw-mesh-${network.id}`, gatewayType: 3, status: 2, lastSeenAt: seen });
    await buildGateway(t.db, network.id, { sn: `gw-real-${network.id}`, gatewayType: 1, status: 2, meshStatus: 0 });
    const reply = await call(t.app, 'gatewayList', { nid: network.id }, sub.session);
    expect(reply.body.code).toBe(0);
    expect(reply.body.data).toMatchObject([
      { sn: `gw-mesh-${network.id}`, gatewayType: 3, status: 2, meshStatus: 1, online: true, lastSeen: 1767323045 },
      { sn: `gw-real-${network.id}`, gatewayType: 1, status: 2, meshStatus: 0, online: false, lastSeen: null },
    ]);
    expect(JSON.stringify(reply.body)).not.toContain('secret');
    for (const nid of [network.id, 999_999]) {
      const refused = await call(t.app, 'gatewayList', { nid }, stranger.session);
      expect(refused.body.code).toBe(Code.noPermission);
      expect(JSON.stringify(refused.body)).not.toContain('gw-mesh');
    }
  });

  it('adds a gateway for owners and installers with a secret shown once; sub-users and strangers get 1013', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const sn = `gw-add-${network.id}`;
    const reply = await call(
      t.app,
      'gatewayAdd',
      { nid: network.id, name: ' Roof ', sn: sn.toUpperCase() },
      owner.session,
    );
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    const added = reply.body.data as Gateway & { secret: string };
    expect(added).toMatchObject({ nid: network.id, sn, name: 'Roof', gatewayType: 3, status: 1, online: false });
    const [row] = await t.db.select().from(gateways).where(eq(gateways.id, added.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(added.secret).digest('hex'));
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.nid, network.id), eq(auditEvents.action, 'gateway.add')));
    expect(JSON.stringify(audit!.after)).not.toContain(added.secret);
    // The new credentials work on the broker at once.
    const client = await connectGateway(t.brokerUrl, sn, added.secret);
    client.end(true);

    const generated = await call(
      t.app,
      'gatewayAdd',
      { nid: network.id, name: 'Hall', gatewayType: 5 },
      installer.session,
    );
    expect(generated.body.data).toMatchObject({ sn: expect.stringMatching(/^gw-[0-9a-f]{12}$/), gatewayType: 5 });
    expect((await call(t.app, 'gatewayAdd', { nid: network.id, name: 'Dup', sn }, owner.session)).body.code).toBe(
      Code.nameTaken,
    );
    for (const bad of [{ sn: 'x' }, { sn: 'has space' }, { gatewayType: 9 }, { name: '' }]) {
      const refused = await call(t.app, 'gatewayAdd', { nid: network.id, name: 'Bad', ...bad }, owner.session);
      expect(refused.body.code, JSON.stringify(bad)).toBe(Code.badInput);
    }
    for (const who of [sub, stranger]) {
      expect((await call(t.app, 'gatewayAdd', { nid: network.id, name: 'No' }, who.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    expect(await t.db.select().from(gateways).where(eq(gateways.nid, network.id))).toHaveLength(2);
  });

  it('renames a gateway (owner, installer); 1013 to sub-users, strangers and missing ids; 1001 with nothing to change', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const { gateway } = await buildGateway(t.db, network.id);
    const renamed = await call(t.app, 'gatewayUpdate', { gatewayId: gateway.id, name: 'Basement' }, installer.session);
    expect(renamed.body).toMatchObject({ code: 0, data: { id: gateway.id, name: 'Basement' } });
    expect((await call(t.app, 'gatewayUpdate', { gatewayId: gateway.id }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    for (const [who, gatewayId] of [
      [sub, gateway.id],
      [stranger, gateway.id],
      [owner, 999_999],
    ] as const) {
      const refused = await call(t.app, 'gatewayUpdate', { gatewayId, name: 'Taken' }, who.session);
      expect(refused.body.code).toBe(Code.noPermission);
    }
    expect((await t.db.select().from(gateways).where(eq(gateways.id, gateway.id)))[0]!.name).toBe('Basement');
  });

  it('deletes a gateway: its connection is closed, it cannot come back, its devices stay; 1013 to others', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    const [device] = await t.db
      .insert(devices)
      .values({ nid: network.id, gatewayId: gateway.id, kind: 'luminaire', name: 'L', model: 'M', mac: 'BB0000000001' })
      .returning();
    for (const who of [sub, stranger]) {
      expect((await call(t.app, 'gatewayDelete', { gatewayId: gateway.id }, who.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    const client = await connectGateway(t.brokerUrl, sn, secret);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect((await call(t.app, 'gatewayDelete', { gatewayId: gateway.id }, owner.session)).body).toEqual({
      code: 0,
      data: null,
    });
    await closed;
    client.end(true);
    await expect(connectGateway(t.brokerUrl, sn, secret)).rejects.toThrow();
    expect(await t.db.select().from(gateways).where(eq(gateways.id, gateway.id))).toHaveLength(0);
    expect((await t.db.select().from(devices).where(eq(devices.id, device!.id)))[0]!.gatewayId).toBeNull();
    expect((await call(t.app, 'gatewayDelete', { gatewayId: gateway.id }, owner.session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it('resets a secret: the old one stops working at once, the new one works; 1013 to sub-users and strangers', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    const client = await connectGateway(t.brokerUrl, sn, secret);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    for (const who of [sub, stranger]) {
      expect((await call(t.app, 'gatewaySecretReset', { gatewayId: gateway.id }, who.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    const reply = await call(t.app, 'gatewaySecretReset', { gatewayId: gateway.id }, owner.session);
    expect(reply.body.code).toBe(0);
    const fresh = (reply.body.data as { secret: string }).secret;
    expect(fresh).not.toBe(secret);
    await closed;
    client.end(true);
    await expect(connectGateway(t.brokerUrl, sn, secret)).rejects.toThrow();
    const again = await connectGateway(t.brokerUrl, sn, fresh);
    again.end(true);
  });

  it('pages the diagnosis list newest first to every member; 1013 to a stranger', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const { gateway } = await buildGateway(t.db, network.id);
    await t.db.insert(gatewayDiagnoses).values(
      Array.from({ length: 12 }, (_, i) => ({
        gatewayId: gateway.id,
        level: i % 2 ? 'warning' : 'info',
        code: `C${i}`,
        message: `entry ${i}`,
        at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const first = await call(t.app, 'gatewayDiagnosisList', { gatewayId: gateway.id }, sub.session);
    expect(first.body.data).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    const page = first.body.data as { list: { code: string; at: number }[] };
    expect(page.list.map((d) => d.code).slice(0, 2)).toEqual(['C11', 'C10']);
    expect(page.list[0]!.at).toBe(Date.UTC(2026, 0, 1, 0, 11) / 1000);
    const second = await call(t.app, 'gatewayDiagnosisList', { gatewayId: gateway.id, page: 2 }, owner.session);
    expect((second.body.data as { list: unknown[] }).list).toHaveLength(2);
    expect(
      (await call(t.app, 'gatewayDiagnosisList', { gatewayId: gateway.id, pageSize: 7 }, owner.session)).body.code,
    ).toBe(Code.badInput);
    const refused = await call(t.app, 'gatewayDiagnosisList', { gatewayId: gateway.id }, stranger.session);
    expect(refused.body.code).toBe(Code.noPermission);
    expect(JSON.stringify(refused.body)).not.toContain('entry');
  });

  it("lists a gateway's real devices (1050 when none) and the network's device state with plan nodes", async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const { gateway } = await buildGateway(t.db, network.id);
    expect((await call(t.app, 'gatewayRealDevices', { gatewayId: gateway.id }, sub.session)).body).toMatchObject({
      code: Code.emptyList,
      data: [],
    });
    const [real] = await t.db
      .insert(devices)
      .values({
        nid: network.id,
        gatewayId: gateway.id,
        kind: 'luminaire',
        name: 'Lamp',
        model: 'LW-DT8',
        mac: 'CC0000000001',
        address: 7,
        online: true,
      })
      .returning();
    const [virtual] = await t.db
      .insert(devices)
      .values({
        nid: network.id,
        isVirtual: true,
        kind: 'luminaire',
        name: 'Planned',
        model: 'LW-DT8',
        mac: 'CC0000000001',
        boundId: real!.id,
      })
      .returning();
    await t.db
      .insert(deviceElements)
      .values({ deviceId: real!.id, index: 0, type: 8, onOff: 1, lightness: 60, cct: 4000, isLinear: false });
    const [direct] = await t.db.insert(nodes).values({ nid: network.id, name: 'n1', vid: real!.id }).returning();
    const [planned] = await t.db.insert(nodes).values({ nid: network.id, name: 'n2', vid: virtual!.id }).returning();

    const listed = await call(t.app, 'gatewayRealDevices', { gatewayId: gateway.id }, sub.session);
    expect(listed.body).toMatchObject({
      code: 0,
      data: [{ id: real!.id, mac: 'CC0000000001', address: 7, online: true }],
    });
    const state = await call(t.app, 'deviceStateList', { nid: network.id }, owner.session);
    expect(state.body).toEqual({
      code: 0,
      data: {
        devices: [
          {
            id: real!.id,
            nodeIds: [direct!.id, planned!.id],
            online: true,
            elements: [{ index: 0, type: 8, onOff: 1, lightness: 60, cct: 4000, status: 0, isLinear: false }],
            fault: false,
          },
        ],
      },
    });
    for (const [name, payload] of [
      ['gatewayRealDevices', { gatewayId: gateway.id }],
      ['deviceStateList', { nid: network.id }],
    ] as const) {
      const refused = await call(t.app, name, payload, stranger.session);
      expect(refused.body.code).toBe(Code.noPermission);
      expect(JSON.stringify(refused.body)).not.toContain('CC0000000001');
    }
  });

  it('liveStream: 1012 without a session, 1013 for a stranger or a missing network, answered as JSON', async () => {
    const { stranger, network } = await networkTeam(t);
    expect((await call(t.app, 'liveStream', { nid: network.id })).body.code).toBe(Code.sessionInvalid);
    for (const nid of [network.id, 999_999]) {
      expect((await call(t.app, 'liveStream', { nid }, stranger.session)).body.code).toBe(Code.noPermission);
    }
    expect((await call(t.app, 'liveStream', { nid: 'x' }, stranger.session)).body.code).toBe(Code.badInput);
  });

  it('a connected gateway shows online in the list once its presence arrives', async () => {
    const { owner, network } = await networkTeam(t);
    const { sn, secret } = await buildGateway(t.db, network.id, { gatewayType: 3 });
    const client = await connectGateway(t.brokerUrl, sn, secret);
    await client.publishAsync(`lw/gw/${sn}/status`, JSON.stringify({ online: true, firmware: '3.0' }), {
      qos: 1,
      retain: true,
    });
    const online = await waitFor(async () => {
      const list = (await call(t.app, 'gatewayList', { nid: network.id }, owner.session)).body.data as Gateway[];
      return list.find((g) => g.online);
    });
    expect(online).toMatchObject({ sn, status: 2, meshStatus: 1, firmware: '3.0' });
    client.end(true);
  });
});
