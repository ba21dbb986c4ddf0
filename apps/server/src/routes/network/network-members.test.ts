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
import { files, networks, networkUsers } from '../../db/schema.ts';
import { purgeRecycleBin } from '../../jobs/purge-recycle-bin.ts';

describeApi('network members and ownership', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists members; e-mails only for those who manage members', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const asOwner = (await call(t.app, 'networkUserList', { nid: network.id }, owner.session)).body.data as {
      email: string | null;
      userType: number;
    }[];
    expect(asOwner.map((m) => m.userType)).toEqual([1, 2, 3]);
    expect(asOwner.every((m) => m.email)).toBe(true);
    const asSub = (await call(t.app, 'networkUserList', { nid: network.id }, sub.session)).body.data as {
      email: string | null;
      isMe: boolean;
    }[];
    expect(asSub.filter((m) => m.email !== null).map((m) => m.isMe)).toEqual([true]);
    expect((await call(t.app, 'networkUserList', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it('removes members by the rules: installer removes sub-users, not the owner; sub-users nobody', async () => {
    const { owner, installer, sub, network } = await networkTeam(t);
    expect(
      (await call(t.app, 'networkUserDelete', { nid: network.id, memberUid: owner.user.id }, installer.session)).body
        .code,
    ).toBe(Code.noPermission);
    expect(
      (await call(t.app, 'networkUserDelete', { nid: network.id, memberUid: installer.user.id }, sub.session)).body
        .code,
    ).toBe(Code.noPermission);
    expect(
      (await call(t.app, 'networkUserDelete', { nid: network.id, memberUid: sub.user.id }, installer.session)).body
        .code,
    ).toBe(0);
    expect(
      (await call(t.app, 'networkUserDelete', { nid: network.id, memberUid: installer.user.id }, owner.session)).body
        .code,
    ).toBe(0);
    expect(await t.db.select().from(networkUsers).where(eq(networkUsers.nid, network.id))).toHaveLength(1);
  });

  it('transfers ownership: the old owner is removed and the transferee gets the rights', async () => {
    const { owner, installer, sub, network } = await networkTeam(t);
    expect(
      (await call(t.app, 'networkUserTransfer', { nid: network.id, memberUid: sub.user.id }, installer.session)).body
        .code,
    ).toBe(Code.noPermission);
    expect(
      (await call(t.app, 'networkUserTransfer', { nid: network.id, memberUid: installer.user.id }, owner.session)).body
        .code,
    ).toBe(0);
    const rows = await t.db.select().from(networkUsers).where(eq(networkUsers.nid, network.id));
    expect(rows.map((r) => [r.uid, r.userType]).sort()).toEqual(
      [
        [installer.user.id, 2],
        [sub.user.id, 3],
      ].sort(),
    );
    expect((await call(t.app, 'networkVoByNid', { nid: network.id }, owner.session)).body.code).toBe(Code.noPermission);
  });

  it('an installer hands ownership over when there is no owner, and stays installer', async () => {
    const a = await memberWithProject(t);
    const b = await memberWithProject(t);
    const network = await buildNetwork(t.db, a.pid, [
      { uid: a.user.id, userType: 1 },
      { uid: b.user.id, userType: 3 },
    ]);
    expect(
      (await call(t.app, 'networkUserTransfer', { nid: network.id, memberUid: b.user.id }, a.session)).body.code,
    ).toBe(0);
    const rows = await t.db.select().from(networkUsers).where(eq(networkUsers.nid, network.id));
    expect(Object.fromEntries(rows.map((r) => [r.uid, r.userType]))).toEqual({ [a.user.id]: 1, [b.user.id]: 2 });
  });
});

describeApi('recycle bin and audit trail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('restores a deleted network within 30 days and purges it after, exactly once', async () => {
    const a = await memberWithProject(t);
    const stranger = await memberWithProject(t);
    const network = await buildNetwork(t.db, a.pid, [{ uid: a.user.id, userType: 2 }]);
    await call(t.app, 'networkDelete', { nid: network.id }, a.session);
    const [listed] = (await call(t.app, 'networkRecycleList', {}, a.session)).body.data as {
      deletedAt: number;
      purgeAt: number;
    }[];
    // Instants are epoch seconds (docs/decisions.md).
    expect(Math.abs(listed!.deletedAt - t.clock.now().getTime() / 1000)).toBeLessThan(60);
    expect(listed!.purgeAt - listed!.deletedAt).toBe(30 * 86_400);
    expect((await call(t.app, 'networkRecycleRestore', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'networkRecycleRestore', { nid: network.id }, a.session)).body.code).toBe(0);
    expect((await call(t.app, 'networkVoByNid', { nid: network.id }, a.session)).body.code).toBe(0);
    expect((await call(t.app, 'networkRecycleRestore', { nid: network.id }, a.session)).body.code).toBe(
      Code.noPermission,
    );

    await call(t.app, 'networkDelete', { nid: network.id }, a.session);
    t.clock.advance(29 * 86400);
    expect(await purgeRecycleBin(t.app.ctx)).toBe('networks 0');
    t.clock.advance(2 * 86400);
    expect(await purgeRecycleBin(t.app.ctx)).toBe('networks 1');
    expect(await t.db.select().from(networks).where(eq(networks.id, network.id))).toEqual([]);
  });

  it('frees the floor-plan image of a purged network unless another network uses it', async () => {
    const a = await memberWithProject(t);
    const image = { mime: 'image/png', size: 3, width: 1, height: 1, data: Buffer.from([1, 2, 3]) };
    await t.db.insert(files).values([
      { name: 'only-mine.png', ...image },
      { name: 'shared.png', ...image },
    ]);
    const gone = await buildNetwork(t.db, a.pid, [{ uid: a.user.id, userType: 2 }], { image: 'only-mine.png' });
    const alsoGone = await buildNetwork(t.db, a.pid, [{ uid: a.user.id, userType: 2 }], { image: 'shared.png' });
    await buildNetwork(t.db, a.pid, [{ uid: a.user.id, userType: 2 }], { image: 'shared.png' });
    for (const network of [gone, alsoGone]) await call(t.app, 'networkDelete', { nid: network.id }, a.session);
    t.clock.advance(31 * 86400);
    await purgeRecycleBin(t.app.ctx);
    expect((await t.db.select({ name: files.name }).from(files)).map((f) => f.name)).toEqual(['shared.png']);
  });

  it('shows the audit trail to the owner only, with before and after', async () => {
    const { owner, installer, network } = await networkTeam(t);
    const key = JSON.stringify({
      id: network.id,
      name: 'Audited',
      category: 'office',
      electricityPrice: 1,
      currency: 'EUR',
    });
    await call(t.app, 'networkVoUpdate', { pid: owner.pid, key }, installer.session);
    const reply = await call(t.app, 'networkAuditList', { nid: network.id }, owner.session);
    expect(reply.body.data).toMatchObject({
      total: 1,
      list: [{ action: 'network.update', after: { name: 'Audited' } }],
    });
    expect((await call(t.app, 'networkAuditList', { nid: network.id }, installer.session)).body.code).toBe(
      Code.noPermission,
    );
  });
});
