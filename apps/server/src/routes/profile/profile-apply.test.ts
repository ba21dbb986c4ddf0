import { Code, defaultProfileSettings, type Profile, type ProfileApplyOutcome } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { devices, gateways, networks, networkUsers, nodes, profiles, tasks, zones } from '../../db/schema.ts';

describeApi('applying a profile to zones and networks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const add = async (session: Session, name = 'Applied') =>
    (await call(t.app, 'profileAdd', { name, settings: defaultProfileSettings() }, session)).body.data as Profile;
  const zoneIn = async (nid: number, name = 'Zone') => {
    const [zone] = await t.db
      .insert(zones)
      .values({
        nid,
        name,
        points: [
          { x: 0, y: 0 },
          { x: 9, y: 0 },
          { x: 9, y: 9 },
        ],
      })
      .returning();
    return zone!;
  };
  /** A gateway (online or not) with one online device placed in `zid`. */
  const furnish = async (nid: number, zid: number, online: boolean) => {
    const sn = `GW${nid}X${zid}`;
    const [gateway] = await t.db
      .insert(gateways)
      .values({ nid, sn, name: 'Gateway', secretHash: 'x', gatewayType: 3, status: online ? 2 : 1, meshStatus: 1 })
      .returning();
    const mac = `AABBCC${String(zid).padStart(6, '0')}`;
    const [device] = await t.db
      .insert(devices)
      .values({
        nid,
        gatewayId: gateway!.id,
        kind: 'luminaire',
        name: 'Lamp',
        model: 'L1',
        mac,
        address: zid,
        online: true,
      })
      .returning();
    await t.db.insert(nodes).values({ nid, zoneId: zid, vid: device!.id, name: 'Lamp' });
    return device!;
  };

  it('stores the profile on zones and the network for an owner or installer and sends it through the gateway', async () => {
    const { owner, installer, network } = await networkTeam(t);
    const zone = await zoneIn(network.id);
    await furnish(network.id, zone.id, true);
    const profile = await add(owner.session);
    const reply = await call(t.app, 'profileApply', { profileId: profile.id, zoneIds: [zone.id] }, owner.session);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    const [outcome] = (reply.body.data as { outcomes: ProfileApplyOutcome[] }).outcomes;
    expect(outcome).toMatchObject({ nid: network.id, zoneIds: [zone.id], wholeNetwork: false, code: 0, devices: 1 });
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, outcome!.taskId!));
    expect(task).toMatchObject({ nid: network.id, targetKind: 'profile', targetId: profile.id, total: 1 });
    expect(task!.action).toMatchObject({ op: 'config', profileId: profile.id });
    expect((await t.db.select().from(zones).where(eq(zones.id, zone.id)))[0]!.configId).toBe(profile.id);

    const system = (await t.db.select().from(profiles).where(eq(profiles.isSystem, true)))[0]!;
    const whole = await call(t.app, 'profileApply', { profileId: system.id, nids: [network.id] }, installer.session);
    expect(whole.body.code, JSON.stringify(whole.body)).toBe(0);
    expect((await t.db.select().from(networks).where(eq(networks.id, network.id)))[0]!.configId).toBe(system.id);
  });

  it('stores even when the gateway is offline or missing, and reports the refusal per network', async () => {
    const a = await networkTeam(t);
    const zoneA = await zoneIn(a.network.id);
    await furnish(a.network.id, zoneA.id, false);
    const b = await networkTeam(t);
    // The owner of A is made installer of B, so one call covers both networks.
    await t.db.insert(networkUsers).values({ nid: b.network.id, uid: a.owner.user.id, userType: 1 });
    const profile = await add(a.owner.session);
    const reply = await call(
      t.app,
      'profileApply',
      { profileId: profile.id, zoneIds: [zoneA.id], nids: [b.network.id] },
      a.owner.session,
    );
    expect(reply.body.code).toBe(0);
    const outcomes = (reply.body.data as { outcomes: ProfileApplyOutcome[] }).outcomes;
    expect(outcomes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nid: a.network.id, code: Code.gatewayOffline, taskId: null }),
        expect.objectContaining({ nid: b.network.id, code: Code.noGateway, wholeNetwork: true, devices: 0 }),
      ]),
    );
    expect((await t.db.select().from(zones).where(eq(zones.id, zoneA.id)))[0]!.configId).toBe(profile.id);
    expect((await t.db.select().from(networks).where(eq(networks.id, b.network.id)))[0]!.configId).toBe(profile.id);
    // Now in use: it cannot be deleted.
    expect((await call(t.app, 'profileDelete', { profileId: profile.id }, a.owner.session)).body.code).toBe(
      Code.profileInUse,
    );
  });

  it('refuses sub-users, strangers, foreign or missing zones and networks, and others’ profiles, changing nothing', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const zone = await zoneIn(network.id);
    const profile = await add(owner.session);
    const strangers = await add(stranger.session, 'Stranger’s');
    await call(t.app, 'profileUpdate', { profileId: strangers.id, isPublic: true }, stranger.session);
    const attempts: [Session, Record<string, unknown>][] = [
      [sub.session, { profileId: profile.id, zoneIds: [zone.id] }],
      [sub.session, { profileId: profile.id, nids: [network.id] }],
      [stranger.session, { profileId: strangers.id, zoneIds: [zone.id] }],
      [stranger.session, { profileId: strangers.id, nids: [network.id] }],
      [owner.session, { profileId: profile.id, zoneIds: [zone.id, 999_999] }],
      [owner.session, { profileId: profile.id, nids: [999_999] }],
      [owner.session, { profileId: strangers.id, zoneIds: [zone.id] }],
      [owner.session, { profileId: 999_999, zoneIds: [zone.id] }],
    ];
    for (const [session, payload] of attempts) {
      const reply = await call(t.app, 'profileApply', payload, session);
      expect(reply.body.code, JSON.stringify(payload)).toBe(Code.noPermission);
    }
    expect((await call(t.app, 'profileApply', { profileId: profile.id }, owner.session)).body.code).toBe(Code.badInput);
    expect((await t.db.select().from(zones).where(eq(zones.id, zone.id)))[0]!.configId).toBeNull();
    expect((await t.db.select().from(networks).where(eq(networks.id, network.id)))[0]!.configId).toBeNull();
  });
});
