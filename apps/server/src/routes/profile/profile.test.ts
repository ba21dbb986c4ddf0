import {
  Code,
  defaultProfileSettings,
  type Profile,
  type ProfileSettings,
  type ProfileSummary,
  processTimerText,
} from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  describeApi,
  networkTeam,
  type Session,
  signedInUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditEvents, networks, profiles, zones } from '../../db/schema.ts';
import { seedSystemProfiles } from '../../services/profiles/seed-system-profiles.ts';

interface Page {
  list: ProfileSummary[];
  total: number;
  page: number;
  pageSize: number;
}

describeApi('configuration profiles: lists, read, add, update, delete, copy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const add = async (session: Session, name: string, extra: Record<string, unknown> = {}) => {
    const reply = await call(t.app, 'profileAdd', { name, settings: defaultProfileSettings(), ...extra }, session);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    return reply.body.data as Profile;
  };
  const list = async (session: Session, scope: string, page = 1, pageSize = 10) =>
    (await call(t.app, 'profileList', { scope, page, pageSize }, session)).body as { code: number; data: Page };
  const systemIds = async () =>
    (await t.db.select().from(profiles).where(eq(profiles.isSystem, true))).map((p) => p.id);

  it('seeds the system defaults once, however often the seed runs', async () => {
    await seedSystemProfiles(t.db);
    await seedSystemProfiles(t.db);
    const rows = await t.db.select().from(profiles).where(eq(profiles.isSystem, true)).orderBy(profiles.id);
    expect(rows.map((r) => r.name)).toEqual(['Office default', 'Corridor default', 'Warehouse high-bay']);
    const { session } = await signedInUser(t);
    const defaults = await list(session, 'default');
    expect(defaults.code).toBe(0);
    expect(defaults.data.list).toMatchObject([
      { name: 'Office default', isSystem: true, mine: false, creatorName: '' },
      { name: 'Corridor default' },
      { name: 'Warehouse high-bay' },
    ]);
  });

  it('creates an own profile with the settings as sent, listed under mine, and pages by the page size', async () => {
    const { session, user } = await signedInUser(t);
    expect(await list(session, 'mine')).toEqual({
      code: Code.emptyList,
      data: { list: [], total: 0, page: 1, pageSize: 10 },
    });
    const settings: ProfileSettings = {
      ...defaultProfileSettings(),
      timers: { onDelay: 63, offDelay: 175, fadeOn: 116, fadeOff: 5, t1: 119, t2: 235 },
    };
    const created = await add(session, '  Meeting rooms ', { settings, isPublic: true });
    expect(created).toMatchObject({ name: 'Meeting rooms', isPublic: true, isSystem: false, mine: true, nid: null });
    expect(created.creatorName).toBe(user.name);
    const read = (await call(t.app, 'profileGet', { profileId: created.id }, session)).body.data as Profile;
    expect(read.settings.timers).toEqual(settings.timers);
    expect(processTimerText('fadeOn', read.settings.timers.fadeOn)).toBe('60s');
    for (let i = 0; i < 10; i += 1) await add(session, `P${i}`);
    const first = await list(session, 'mine', 1, 10);
    expect(first.data.total).toBe(11);
    expect(first.data.list).toHaveLength(10);
    expect((await list(session, 'mine', 2, 10)).data.list).toHaveLength(1);
    const [audit] = await t.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, 'profile.add'));
    expect(audit!.n).toBeGreaterThanOrEqual(11);
  });

  it('refuses bad settings: a raw timer above 235 or a scene action without a number', async () => {
    const { session } = await signedInUser(t);
    const base = defaultProfileSettings();
    for (const settings of [
      { ...base, timers: { ...base.timers, t1: 236 } },
      { ...base, buttons: { ...base.buttons, up: { action: 'scene' } } },
      { ...base, sensor: { ...base.sensor, hfRange: 5 } },
    ]) {
      const reply = await call(t.app, 'profileAdd', { name: 'Bad', settings }, session);
      expect(reply.body.code).toBe(Code.badInput);
    }
  });

  it('lists other users’ public profiles under others, never private ones; a network id is shown to the owner only', async () => {
    const { owner, sub, network: own } = await networkTeam(t);
    const { network } = await networkTeam(t);
    const pub = await add(owner.session, 'Shared widely', { isPublic: true });
    const priv = await add(owner.session, 'Kept private');
    const others = await list(sub.session, 'others');
    const names = others.data.list.map((p) => p.name);
    expect(names).toContain('Shared widely');
    expect(names).not.toContain('Kept private');
    expect(others.data.list.find((p) => p.id === pub.id)).toMatchObject({ mine: false, zoneCount: 0 });
    expect((await list(owner.session, 'others')).data.list.map((p) => p.id)).not.toContain(pub.id);
    expect((await call(t.app, 'profileGet', { profileId: pub.id }, sub.session)).body.code).toBe(0);
    expect((await call(t.app, 'profileGet', { profileId: priv.id }, sub.session)).body.code).toBe(Code.noPermission);
    expect((await call(t.app, 'profileGet', { profileId: 999_999 }, sub.session)).body.code).toBe(Code.noPermission);
    // Made for a network: members only, and the id stays with the owner.
    const forNetwork = await add(owner.session, 'For my network', { nid: own.id, isPublic: true });
    expect(forNetwork.nid).toBe(own.id);
    const seen = (await call(t.app, 'profileGet', { profileId: forNetwork.id }, sub.session)).body.data as Profile;
    expect(seen).toMatchObject({ nid: null, mine: false, creatorName: owner.user.name });
    expect(
      (
        await call(
          t.app,
          'profileAdd',
          { name: 'X', settings: defaultProfileSettings(), nid: network.id },
          owner.session,
        )
      ).body.code,
    ).toBe(Code.noPermission);
  });

  it('lets only the owner change a profile; system profiles answer 1081 to everyone', async () => {
    const { owner, installer, stranger } = await networkTeam(t);
    const mine = await add(owner.session, 'Before');
    const settings = { ...defaultProfileSettings(), timers: { ...defaultProfileSettings().timers, fadeOn: 116 } };
    const updated = await call(t.app, 'profileUpdate', { profileId: mine.id, name: 'After', settings }, owner.session);
    expect(updated.body.data).toMatchObject({ name: 'After', settings: { timers: { fadeOn: 116 } } });
    for (const who of [installer, stranger]) {
      expect((await call(t.app, 'profileUpdate', { profileId: mine.id, name: 'Taken' }, who.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    const [system] = await systemIds();
    for (const who of [owner, stranger]) {
      const reply = await call(t.app, 'profileUpdate', { profileId: system!, name: 'Mine now' }, who.session);
      expect(reply.body.code).toBe(Code.profileReadOnly);
      expect((await call(t.app, 'profileDelete', { profileId: system! }, who.session)).body.code).toBe(
        Code.profileReadOnly,
      );
    }
    expect((await call(t.app, 'profileUpdate', { profileId: mine.id }, owner.session)).body.code).toBe(Code.badInput);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, system!));
    expect(row!.name).toBe('Office default');
  });

  it('refuses to delete a profile in use by a zone or a network (1080), deletes it once free', async () => {
    const { owner, stranger, network } = await networkTeam(t);
    const mine = await add(owner.session, 'In use');
    const [zone] = await t.db
      .insert(zones)
      .values({
        nid: network.id,
        name: 'Z',
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
        ],
        configId: mine.id,
      })
      .returning();
    expect((await call(t.app, 'profileDelete', { profileId: mine.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    const inUse = await call(t.app, 'profileDelete', { profileId: mine.id }, owner.session);
    expect(inUse.body).toMatchObject({ code: Code.profileInUse, data: { zones: 1, networks: 0 } });
    const listed = (await list(owner.session, 'mine')).data.list.find((p) => p.id === mine.id);
    expect(listed).toMatchObject({ zoneCount: 1, networkCount: 0 });
    await t.db.update(zones).set({ configId: null }).where(eq(zones.id, zone!.id));
    await t.db.update(networks).set({ configId: mine.id }).where(eq(networks.id, network.id));
    expect((await call(t.app, 'profileDelete', { profileId: mine.id }, owner.session)).body).toMatchObject({
      code: Code.profileInUse,
      data: { zones: 0, networks: 1 },
    });
    await t.db.update(networks).set({ configId: null }).where(eq(networks.id, network.id));
    expect((await call(t.app, 'profileDelete', { profileId: mine.id }, owner.session)).body.code).toBe(0);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, mine.id))).toEqual([]);
  });

  it('copies a system, a public or an own profile into mine; a private profile of another user is 1013', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const [system] = await systemIds();
    const fromSystem = await call(t.app, 'profileCopy', { profileId: system! }, b.session);
    expect(fromSystem.body.data).toMatchObject({
      name: 'Office default',
      isSystem: false,
      mine: true,
      isPublic: false,
    });
    const pub = await add(a.session, 'Public one', { isPublic: true });
    const copied = await call(t.app, 'profileCopy', { profileId: pub.id, name: 'My copy' }, b.session);
    expect(copied.body.data).toMatchObject({ name: 'My copy', mine: true, settings: pub.settings });
    const priv = await add(a.session, 'Private');
    expect((await call(t.app, 'profileCopy', { profileId: priv.id }, b.session)).body.code).toBe(Code.noPermission);
    expect((await call(t.app, 'profileCopy', { profileId: priv.id }, a.session)).body.code).toBe(0);
  });

  it('answers 1012 without a session', async () => {
    expect((await call(t.app, 'profileList', { scope: 'mine' })).body.code).toBe(Code.sessionInvalid);
  });
});
