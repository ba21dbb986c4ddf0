import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  memberWithProject,
  networkTeam,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditEvents, networks, networkUsers } from '../../db/schema.ts';

describeApi('networks: lists, detail, create and update', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates a network with the price stored in hundredths and the creator as owner', async () => {
    const { session, pid } = await memberWithProject(t);
    const reply = await call(
      t.app,
      'networkAdd',
      { pid, name: 'Hall A', category: 'office', electricityPrice: 0.255, currency: 'EUR' },
      session,
    );
    expect(reply.body).toMatchObject({
      code: 0,
      data: {
        name: 'Hall A',
        electricityPrice: 26,
        currency: 'EUR',
        userType: 2,
        image: null,
        imageSize: { width: 500, height: 500 },
      },
    });
    const data = reply.body.data as { id: number; abilities: Record<string, boolean> };
    expect(data.abilities).toMatchObject({ edit: true, delete: true, leave: false });
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.nid, data.id));
    expect(audit).toMatchObject({ action: 'network.create', actorUid: session.uid });
  });

  it('creates as installer when asked; refuses a project the user is not in (1013) and a missing name (1001)', async () => {
    const a = await memberWithProject(t);
    const b = await memberWithProject(t);
    const asInstaller = await call(t.app, 'networkAdd', { pid: a.pid, name: 'Site', userType: 1 }, a.session);
    expect(asInstaller.body.data).toMatchObject({ userType: 1 });
    expect((await call(t.app, 'networkAdd', { pid: b.pid, name: 'Intrusion' }, a.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'networkAdd', { pid: a.pid, name: '  ' }, a.session)).body.code).toBe(Code.badInput);
    expect((await call(t.app, 'networkAdd', { pid: a.pid, name: 'X', category: 'castle' }, a.session)).body.code).toBe(
      Code.badInput,
    );
  });

  it('lists networks: all, per project paged and searched, 1050 when empty', async () => {
    const { user, session, pid } = await memberWithProject(t);
    expect((await call(t.app, 'networkAll', {}, session)).body).toEqual({ code: Code.emptyList, data: [] });
    expect((await call(t.app, 'networkVoList', { pid }, session)).body.code).toBe(Code.emptyList);
    for (const name of ['North wing', 'South wing', 'Car park 50%']) {
      await buildNetwork(t.db, pid, [{ uid: user.id, userType: 2 }], { name });
    }
    expect(((await call(t.app, 'networkAll', {}, session)).body.data as unknown[]).length).toBe(3);
    const page = await call(t.app, 'networkVoList', { pid, page: 2, pageSize: 10 }, session);
    expect(page.body.data).toMatchObject({ total: 3, page: 2, list: [] });
    const search = await call(t.app, 'networkVoList', { pid, keyword: 'wing' }, session);
    expect((search.body.data as { total: number }).total).toBe(2);
    const literal = await call(t.app, 'networkVoList', { pid, keyword: '50%' }, session);
    expect((literal.body.data as { list: { name: string }[] }).list.map((n) => n.name)).toEqual(['Car park 50%']);
    expect(((await call(t.app, 'networkPidList', { pid }, session)).body.data as unknown[]).length).toBe(3);
    expect((await call(t.app, 'projectNetworkAll', { pid }, session)).body.code).toBe(0);
  });

  it('answers one network with image and imageSize to members, 1013 to a stranger', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const reply = await call(t.app, 'networkVoByNid', { nid: network.id }, sub.session);
    expect(reply.body).toMatchObject({
      code: 0,
      data: { id: network.id, userType: 3, memberCount: 3, imageSize: { width: 500 } },
    });
    expect((reply.body.data as { abilities: { edit: boolean } }).abilities.edit).toBe(false);
    expect((await call(t.app, 'networkId', { nid: network.id }, owner.session)).body.data).toMatchObject({
      id: network.id,
      pid: owner.pid,
    });
    for (const name of ['networkVoByNid', 'networkId'] as const) {
      expect((await call(t.app, name, { nid: network.id }, stranger.session)).body.code).toBe(Code.noPermission);
      expect((await call(t.app, name, { nid: 999_999 }, stranger.session)).body.code).toBe(Code.noPermission);
    }
  });

  it('updates from the serialised network: owner and installer yes, sub-user and stranger 1013', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    const key = (name: string) =>
      JSON.stringify({ id: network.id, name, category: 'school', electricityPrice: 0.31, currency: 'GBP' });
    const ok = await call(t.app, 'networkVoUpdate', { pid: owner.pid, key: key('Renamed') }, owner.session);
    expect(ok.body.data).toMatchObject({ name: 'Renamed', category: 'school', electricityPrice: 31, currency: 'GBP' });
    expect(
      (await call(t.app, 'networkVoUpdate', { pid: owner.pid, key: key('By installer') }, installer.session)).body.code,
    ).toBe(0);
    for (const who of [sub, stranger]) {
      const refused = await call(t.app, 'networkVoUpdate', { pid: owner.pid, key: key('Hijack') }, who.session);
      expect(refused.body.code).toBe(Code.noPermission);
    }
    const wrongProject = await call(
      t.app,
      'networkVoUpdate',
      { pid: stranger.pid, key: key('Elsewhere') },
      owner.session,
    );
    expect(wrongProject.body.code).toBe(Code.noPermission);
    for (const bad of [
      '{not json',
      JSON.stringify({ id: network.id }),
      JSON.stringify({ id: network.id, name: 'x', evil: 1 }),
    ]) {
      expect((await call(t.app, 'networkVoUpdate', { pid: owner.pid, key: bad }, owner.session)).body.code).toBe(
        Code.badInput,
      );
    }
    const [row] = await t.db.select().from(networks).where(eq(networks.id, network.id));
    expect(row!.name).toBe('By installer');
  });
});

describeApi('networks: delete, leave and move', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses the owner with 1062 while others are in it; members leave; then the owner deletes', async () => {
    const { owner, installer, sub, stranger, network } = await networkTeam(t);
    expect((await call(t.app, 'networkDelete', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'networkDelete', { nid: network.id }, owner.session)).body.code).toBe(
      Code.networkNotDeletable,
    );
    expect((await call(t.app, 'networkDelete', { nid: network.id }, sub.session)).body).toMatchObject({
      code: 0,
      data: { outcome: 'left' },
    });
    expect((await call(t.app, 'networkDelete', { nid: network.id }, installer.session)).body.data).toEqual({
      outcome: 'left',
    });
    const [still] = await t.db.select().from(networks).where(eq(networks.id, network.id));
    expect(still!.deletedAt).toBeNull();
    expect((await call(t.app, 'networkVoByNid', { nid: network.id }, sub.session)).body.code).toBe(Code.noPermission);
    expect((await call(t.app, 'networkDelete', { nid: network.id }, owner.session)).body.data).toEqual({
      outcome: 'deleted',
    });
    expect((await call(t.app, 'networkVoByNid', { nid: network.id }, owner.session)).body.code).toBe(Code.noPermission);
    const recycled = await call(t.app, 'networkRecycleList', {}, owner.session);
    expect(recycled.body.data).toMatchObject([{ id: network.id }]);
  });

  it('lets the only installer of an ownerless network delete it', async () => {
    const a = await memberWithProject(t);
    const network = await buildNetwork(t.db, a.pid, [{ uid: a.user.id, userType: 1 }]);
    expect((await call(t.app, 'networkDelete', { nid: network.id }, a.session)).body.data).toEqual({
      outcome: 'deleted',
    });
  });

  it('moves networks between the user’s projects, all or none', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const second = await call(t.app, 'projectAdd', { name: 'Second site' }, owner.session);
    const target = (second.body.data as { id: number }).id;
    expect((await call(t.app, 'networkMoveList', { nid: network.id }, owner.session)).body.data).toEqual([
      { id: target, name: 'Second site' },
    ]);
    expect((await call(t.app, 'networkMoveList', { nid: network.id }, sub.session)).body.code).toBe(Code.noPermission);
    expect(
      (await call(t.app, 'networkMoveSave', { nid: network.id, pid: stranger.pid }, owner.session)).body.code,
    ).toBe(Code.noPermission);
    expect((await call(t.app, 'networkMoveSave', { nid: network.id, pid: target }, owner.session)).body.code).toBe(0);
    const sees = await call(t.app, 'networkPidList', { pid: target }, sub.session);
    expect((sees.body.data as { id: number }[]).map((n) => n.id)).toEqual([network.id]);

    const other = await buildNetwork(t.db, stranger.pid, [{ uid: stranger.user.id, userType: 2 }]);
    const mixed = await call(
      t.app,
      'networkPatchMoveSave',
      { nids: [network.id, other.id], pid: owner.pid },
      owner.session,
    );
    expect(mixed.body.code).toBe(Code.noPermission);
    const [unmoved] = await t.db.select().from(networks).where(eq(networks.id, network.id));
    expect(unmoved!.pid).toBe(target);
    const mine = await buildNetwork(t.db, target, [{ uid: owner.user.id, userType: 2 }]);
    expect(
      (await call(t.app, 'networkPatchMoveSave', { nids: [network.id, mine.id], pid: owner.pid }, owner.session)).body
        .code,
    ).toBe(0);
    const members = await t.db.select().from(networkUsers).where(eq(networkUsers.nid, network.id));
    expect(members).toHaveLength(3);
  });
});
