import { Code, defaultProfileSettings, type PlanNode, type Profile, type Zone, type ZoneMap } from '@lightwell/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { profiles, zones } from '../../db/schema.ts';
import { square } from './test-plan.ts';

describeApi('zones: list, add, update, configure and delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const addZone = async (session: Session, nid: number, extra: Record<string, unknown> = {}) => {
    const reply = await call(t.app, 'zoneAdd', { nid, name: 'Zone', ...extra }, session);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    return reply.body.data as Zone;
  };

  it('lists zones and nodes to every member; 1013 to a stranger and for a missing network', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    for (const who of [owner, installer, sub]) {
      expect((await call(t.app, 'zoneList', { nid: network.id }, who.session)).body).toEqual({
        code: 0,
        data: { zones: [], nodes: [] },
      });
    }
    const zone = await addZone(owner.session, network.id, { name: 'Lobby' });
    await call(t.app, 'nodeAdd', { nid: network.id, name: 'Lamp 1', zoneId: zone.id }, owner.session);
    const map = (await call(t.app, 'zoneList', { nid: network.id }, sub.session)).body.data as ZoneMap;
    expect(map.zones).toMatchObject([{ id: zone.id, name: 'Lobby', nodeCount: 1 }]);
    expect(map.nodes).toMatchObject([{ name: 'Lamp 1', zoneId: zone.id }]);
    for (const nid of [network.id, 999_999]) {
      const refused = await call(t.app, 'zoneList', { nid }, stranger.session);
      expect(refused.body.code).toBe(Code.noPermission);
      expect(JSON.stringify(refused.body)).not.toContain('Lobby');
    }
  });

  it('adds a zone with the defaults: 100×100 square in the middle, name size 16, no profile', async () => {
    const { owner, network } = await networkTeam(t);
    const zone = await addZone(owner.session, network.id, { name: '  Hall  ' });
    expect(zone).toMatchObject({
      nid: network.id,
      name: 'Hall',
      shape: 1,
      points: square(200, 200, 100),
      zoneNameSize: 16,
      zoneNameAngle: 0,
      zoneNamePositionX: null,
      configId: null,
      nodeCount: 0,
    });
    expect(zone.bgColor).toMatch(/^#/);
  });

  it('clamps points to the 500×500 image and makes a rectangle of their bounding box', async () => {
    const { owner, network } = await networkTeam(t);
    const points = [
      { x: -20, y: -10 },
      { x: 600, y: 120 },
      { x: 300, y: 700 },
    ];
    const zone = await addZone(owner.session, network.id, {
      points,
      shape: 1,
      zoneNamePositionX: 900,
      zoneNamePositionY: -5,
    });
    expect(zone.points).toEqual([
      { x: 0, y: 0 },
      { x: 500, y: 0 },
      { x: 500, y: 500 },
      { x: 0, y: 500 },
    ]);
    expect([zone.zoneNamePositionX, zone.zoneNamePositionY]).toEqual([500, 0]);
  });

  it('drops polygon points under distance 4 of their neighbours’ line when there are at least 4', async () => {
    const { owner, network } = await networkTeam(t);
    const near = await addZone(owner.session, network.id, {
      shape: 2,
      points: [
        { x: 0, y: 0 },
        { x: 100, y: 3.9 },
        { x: 200, y: 0 },
        { x: 200, y: 200 },
        { x: 0, y: 200 },
      ],
    });
    expect(near.points).toEqual([
      { x: 0, y: 0 },
      { x: 200, y: 0 },
      { x: 200, y: 200 },
      { x: 0, y: 200 },
    ]);
    const far = await addZone(owner.session, network.id, {
      shape: 2,
      points: [
        { x: 0, y: 0 },
        { x: 100, y: 4 },
        { x: 200, y: 0 },
        { x: 200, y: 200 },
        { x: 0, y: 200 },
      ],
    });
    expect(far.points).toHaveLength(5);
    const triangle = [
      { x: 0, y: 0 },
      { x: 100, y: 1 },
      { x: 200, y: 0 },
    ];
    expect((await addZone(owner.session, network.id, { shape: 2, points: triangle })).points).toEqual(triangle);
    const clamped = await addZone(owner.session, network.id, {
      shape: 2,
      points: [
        { x: 450, y: 450 },
        { x: 520, y: 460 },
        { x: 540, y: 600 },
        { x: 460, y: 520 },
      ],
    });
    expect(clamped.points).toEqual([
      { x: 450, y: 450 },
      { x: 500, y: 460 },
      { x: 500, y: 500 },
      { x: 460, y: 500 },
    ]);
  });

  it('refuses bad zones with 1001 and stores nothing', async () => {
    const { owner, network } = await networkTeam(t);
    const bad: Record<string, unknown>[] = [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(65) },
      { name: 'Z', shape: 3 },
      { name: 'Z', shape: 2, points: [square(0, 0, 10)[0], square(0, 0, 10)[1]] },
      { name: 'Z', points: [{ x: 1, y: 1 }] },
      { name: 'Z', points: [{ x: 1 }, { x: 2, y: 2 }] },
      { name: 'Z', points: square(600, 600, 50) },
      { name: 'Z', bgColor: 'red' },
      { name: 'Z', zoneNameSize: 0 },
      { name: 'Z', evil: 1 },
    ];
    for (const payload of bad) {
      const reply = await call(t.app, 'zoneAdd', { nid: network.id, ...payload }, owner.session);
      expect(reply.body.code, JSON.stringify(payload)).toBe(Code.badInput);
    }
    expect(await t.db.select().from(zones).where(eq(zones.nid, network.id))).toEqual([]);
  });

  it('lets owners and installers add zones; sub-users get “no permission to add or modify a zone”', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    await addZone(installer.session, network.id, { name: 'By installer' });
    const bySub = await call(t.app, 'zoneAdd', { nid: network.id, name: 'By sub' }, sub.session);
    expect(bySub.body).toMatchObject({
      code: Code.noPermission,
      message: 'You are not permitted to do this, or the project or network does not exist.',
    });
    expect((await call(t.app, 'zoneAdd', { nid: network.id, name: 'X' }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    const map = (await call(t.app, 'zoneList', { nid: network.id }, owner.session)).body.data as ZoneMap;
    expect(map.zones.map((z) => z.name)).toEqual(['By installer']);
  });

  it('updates part of a zone with the same rules; sub-users, strangers and missing ids get 1013', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const zone = await addZone(owner.session, network.id, { name: 'Office', points: square(10, 10, 50) });
    const renamed = await call(t.app, 'zoneUpdate', { zid: zone.id, name: 'Office 2' }, installer.session);
    expect(renamed.body.data).toMatchObject({ name: 'Office 2', points: square(10, 10, 50) });
    const moved = await call(
      t.app,
      'zoneUpdate',
      {
        zid: zone.id,
        points: [
          { x: 480, y: 480 },
          { x: 560, y: 420 },
        ],
        bgColor: '#ff000080',
        zoneNameColor: '#fff',
        zoneNameAngle: 45,
        zoneNameSize: 20,
        zoneNamePositionX: 250,
        zoneNamePositionY: 800,
      },
      owner.session,
    );
    expect(moved.body.data).toMatchObject({
      name: 'Office 2',
      points: [
        { x: 480, y: 420 },
        { x: 500, y: 420 },
        { x: 500, y: 480 },
        { x: 480, y: 480 },
      ],
      bgColor: '#ff000080',
      zoneNameColor: '#fff',
      zoneNameAngle: 45,
      zoneNameSize: 20,
      zoneNamePositionX: 250,
      zoneNamePositionY: 500,
    });
    const polygon = await call(
      t.app,
      'zoneUpdate',
      { zid: zone.id, shape: 2, points: [...square(0, 0, 100), { x: 0, y: 50 }] },
      owner.session,
    );
    expect((polygon.body.data as Zone).points).toEqual(square(0, 0, 100));
    const cleared = await call(t.app, 'zoneUpdate', { zid: zone.id, zoneNamePositionX: null }, owner.session);
    expect(cleared.body.data).toMatchObject({ zoneNamePositionX: null, zoneNamePositionY: 500 });
    expect((await call(t.app, 'zoneUpdate', { zid: zone.id }, owner.session)).body.code).toBe(Code.badInput);
    for (const [who, zid] of [
      [sub, zone.id],
      [stranger, zone.id],
      [owner, 999_999],
    ] as const) {
      expect((await call(t.app, 'zoneUpdate', { zid, name: 'Hijack' }, who.session)).body.code).toBe(Code.noPermission);
    }
    const [row] = await t.db.select().from(zones).where(eq(zones.id, zone.id));
    expect(row!.name).toBe('Office 2');
  });

  /** A profile of `session`'s user, private unless `isPublic`. */
  const profileOf = async (session: Session, isPublic = false) => {
    const reply = await call(
      t.app,
      'profileAdd',
      { name: 'Profile', isPublic, settings: defaultProfileSettings() },
      session,
    );
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    return (reply.body.data as Profile).id;
  };
  const systemProfileId = async () => (await t.db.select().from(profiles).where(eq(profiles.isSystem, true)))[0]!.id;

  it('assigns the caller’s own or a system profile; 0 becomes null; sub-users and strangers get 1013', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const zone = await addZone(owner.session, network.id);
    const mine = await profileOf(owner.session);
    const system = await systemProfileId();
    expect((await call(t.app, 'zoneConfig', { zid: zone.id, configId: mine }, owner.session)).body.data).toMatchObject({
      configId: mine,
    });
    const installers = await profileOf(installer.session, true);
    for (const configId of [system, installers]) {
      const reply = await call(t.app, 'zoneConfig', { zid: zone.id, configId }, installer.session);
      expect(reply.body.data).toMatchObject({ configId });
    }
    expect((await call(t.app, 'zoneConfig', { zid: zone.id, configId: 0 }, owner.session)).body.data).toMatchObject({
      configId: null,
    });
    const viaAdd = await addZone(owner.session, network.id, { configId: 0 });
    expect(viaAdd.configId).toBeNull();
    expect((await addZone(owner.session, network.id, { configId: system })).configId).toBe(system);
    const viaUpdate = await call(t.app, 'zoneUpdate', { zid: viaAdd.id, configId: mine }, owner.session);
    expect(viaUpdate.body.data).toMatchObject({ configId: mine });
    for (const who of [sub, stranger]) {
      expect((await call(t.app, 'zoneConfig', { zid: zone.id, configId: system }, who.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    expect((await call(t.app, 'zoneConfig', { zid: zone.id, configId: -1 }, owner.session)).body.code).toBe(
      Code.badInput,
    );
  });

  it('refuses another user’s profile, private or public, like a missing one (1013), changing nothing', async () => {
    const { owner, stranger, network } = await networkTeam(t);
    const mine = await profileOf(owner.session);
    const zone = await addZone(owner.session, network.id, { configId: mine });
    const zonesBefore = await t.db.select().from(zones).where(eq(zones.nid, network.id));
    const foreignPrivate = await profileOf(stranger.session);
    const foreignPublic = await profileOf(stranger.session, true);
    const [last] = await t.db.select({ id: profiles.id }).from(profiles).orderBy(desc(profiles.id)).limit(1);
    for (const configId of [foreignPrivate, foreignPublic, last!.id + 1000]) {
      for (const [name, payload] of [
        ['zoneConfig', { zid: zone.id, configId }],
        ['zoneUpdate', { zid: zone.id, configId, name: 'Renamed' }],
        ['zoneAdd', { nid: network.id, name: 'New', configId }],
      ] as const) {
        const reply = await call(t.app, name, payload, owner.session);
        expect(reply.body, `${name} ${configId}`).toMatchObject({ code: Code.noPermission, data: null });
      }
    }
    expect(await t.db.select().from(zones).where(eq(zones.nid, network.id))).toEqual(zonesBefore);
    // The stranger's profiles stay theirs: not in use, so they can still delete them.
    for (const profileId of [foreignPrivate, foreignPublic]) {
      expect((await call(t.app, 'profileDelete', { profileId }, stranger.session)).body.code).toBe(0);
    }
  });

  it('refuses to delete a zone holding devices (1063); empty zones go', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const zone = await addZone(owner.session, network.id);
    const node = (await call(t.app, 'nodeAdd', { nid: network.id, name: 'Lamp', zoneId: zone.id }, owner.session)).body
      .data as PlanNode;
    const refused = await call(t.app, 'zoneDelete', { zid: zone.id }, owner.session);
    expect(refused.body).toMatchObject({ code: Code.zoneHasNodes, data: { nodeCount: 1 } });
    for (const who of [sub, stranger]) {
      expect((await call(t.app, 'zoneDelete', { zid: zone.id }, who.session)).body.code).toBe(Code.noPermission);
    }
    await call(t.app, 'nodeUpdate', { nodeId: node.id, zoneId: null }, owner.session);
    expect((await call(t.app, 'zoneDelete', { zid: zone.id }, installer.session)).body).toEqual({
      code: 0,
      data: null,
    });
    expect(await t.db.select().from(zones).where(eq(zones.id, zone.id))).toEqual([]);
    expect((await call(t.app, 'zoneDelete', { zid: zone.id }, owner.session)).body.code).toBe(Code.noPermission);
  });
});
