import { Code } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { networks, networkUsers, projectUsers } from '../src/db/schema.ts';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  lastLinkFor,
  memberWithProject,
  type Session,
  signedInUser,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Ids of the projects `project/all` lists for a session. */
async function listedProjects(session: Session): Promise<number[]> {
  return ((await call(t.app, 'projectAll', {}, session)).body.data as { id: number }[]).map((p) => p.id);
}

/** The project rows of a user, as `{ pid, isDefault }`. */
async function projectRows(uid: number) {
  return t.db
    .select({ pid: projectUsers.pid, isDefault: projectUsers.isDefault })
    .from(projectUsers)
    .where(eq(projectUsers.uid, uid))
    .orderBy(projectUsers.pid);
}

/** The link in the newest share e-mail to `email`. */
async function shareLink(email: string): Promise<string> {
  return (await lastLinkFor(t.db, email, 'share')).link;
}

describeApi('project membership ends with the last network role, however it ends', () => {
  it('leaving: a member stays while in another live network, and leaves with the last one', async () => {
    const anna = await memberWithProject(t);
    const ben = await memberWithProject(t);
    const hall = await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: ben.user.id, userType: 1 },
    ]);
    const wing = await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: ben.user.id, userType: 3 },
    ]);
    expect((await call(t.app, 'networkDelete', { nid: hall.id }, ben.session)).body.data).toEqual({ outcome: 'left' });
    expect(await listedProjects(ben.session)).toContain(anna.pid);
    expect((await call(t.app, 'networkDelete', { nid: wing.id }, ben.session)).body.data).toEqual({ outcome: 'left' });
    expect(await listedProjects(ben.session)).toEqual([ben.pid]);
    expect(await projectRows(ben.user.id)).toEqual([{ pid: ben.pid, isDefault: true }]);
    expect((await call(t.app, 'reportSetupAll', { pid: anna.pid }, ben.session)).body.code).toBe(Code.noPermission);
  });

  it('the creator keeps the project without any network; an owner handing ownership on leaves it', async () => {
    const anna = await memberWithProject(t);
    const carl = await memberWithProject(t);
    const dora = await memberWithProject(t);
    const annas = await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: dora.user.id, userType: 1 },
    ]);
    // Carl owns a network in Anna's project (say Anna's installer handed it over) and hands it on to Dora.
    const carls = await buildNetwork(t.db, anna.pid, [
      { uid: carl.user.id, userType: 2 },
      { uid: dora.user.id, userType: 1 },
    ]);
    expect(
      (await call(t.app, 'networkUserTransfer', { nid: carls.id, memberUid: dora.user.id }, carl.session)).body.code,
    ).toBe(Code.ok);
    expect(await listedProjects(carl.session)).toEqual([carl.pid]);
    expect((await call(t.app, 'networkPidList', { pid: anna.pid }, carl.session)).body.code).toBe(Code.noPermission);
    // Anna hands her own network on too: as the project's creator she keeps it.
    expect(
      (await call(t.app, 'networkUserTransfer', { nid: annas.id, memberUid: dora.user.id }, anna.session)).body.code,
    ).toBe(Code.ok);
    expect(await listedProjects(anna.session)).toContain(anna.pid);
    const all = (await call(t.app, 'projectAll', {}, anna.session)).body.data as {
      id: number;
      canAddNetwork: boolean;
    }[];
    expect(all.find((p) => p.id === anna.pid)?.canAddNetwork).toBe(true);
  });

  it('deleting a network into the recycle bin leaves its project; restoring it comes back', async () => {
    const anna = await memberWithProject(t);
    const carl = await memberWithProject(t);
    const carls = await buildNetwork(t.db, anna.pid, [{ uid: carl.user.id, userType: 2 }]);
    expect((await call(t.app, 'networkDelete', { nid: carls.id }, carl.session)).body.data).toEqual({
      outcome: 'deleted',
    });
    expect(await listedProjects(carl.session)).toEqual([carl.pid]);
    const bin = (await call(t.app, 'networkRecycleList', {}, carl.session)).body.data;
    expect(bin).toMatchObject([{ id: carls.id, pid: anna.pid, canRestore: true }]);
    expect((await call(t.app, 'networkRecycleRestore', { nid: carls.id }, carl.session)).body.code).toBe(Code.ok);
    expect(await listedProjects(carl.session)).toContain(anna.pid);
    expect((await call(t.app, 'networkPidList', { pid: anna.pid }, carl.session)).body.code).toBe(Code.ok);
  });

  it('moving a network away takes its members out of the project they only had through it', async () => {
    const anna = await memberWithProject(t);
    const carl = await memberWithProject(t);
    const dora = await signedInUser(t);
    const carls = await buildNetwork(t.db, anna.pid, [
      { uid: carl.user.id, userType: 2 },
      { uid: dora.user.id, userType: 3 },
    ]);
    expect((await call(t.app, 'networkMoveSave', { nid: carls.id, pid: carl.pid }, carl.session)).body.code).toBe(
      Code.ok,
    );
    expect(await listedProjects(carl.session)).toEqual([carl.pid]);
    const doraProjects = await listedProjects(dora.session);
    expect(doraProjects).toContain(carl.pid);
    expect(doraProjects).not.toContain(anna.pid);
    expect(await listedProjects(anna.session)).toEqual([anna.pid]);
  });

  it('whoever loses their default project gets their latest other one, or a new one when none is left', async () => {
    const anna = await memberWithProject(t);
    const ben = await memberWithProject(t);
    const site = await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: ben.user.id, userType: 3 },
    ]);
    // Ben works in Anna's project only: he made it his default and deleted his own.
    expect((await call(t.app, 'projectUpdateId', { pid: anna.pid }, ben.session)).body.code).toBe(Code.ok);
    expect((await call(t.app, 'projectDelete', { pid: ben.pid }, ben.session)).body.code).toBe(Code.ok);
    expect(
      (await call(t.app, 'networkUserDelete', { nid: site.id, memberUid: ben.user.id }, anna.session)).body.code,
    ).toBe(Code.ok);
    const rows = await projectRows(ben.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isDefault: true });
    expect(rows[0]!.pid).not.toBe(anna.pid);
    expect((await call(t.app, 'projectId', {}, ben.session)).body.data).toMatchObject({
      id: rows[0]!.pid,
      name: 'My project',
    });

    // With another project left, that one becomes the default.
    const carl = await memberWithProject(t);
    const hall = await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: carl.user.id, userType: 3 },
    ]);
    await call(t.app, 'projectUpdateId', { pid: anna.pid }, carl.session);
    expect((await call(t.app, 'networkDelete', { nid: hall.id }, carl.session)).body.data).toEqual({ outcome: 'left' });
    expect(await projectRows(carl.user.id)).toEqual([{ pid: carl.pid, isDefault: true }]);
  });
});

describeApi('a project row without a role behind it', () => {
  it('gives nothing: not listed, not the default, 1013 for every call naming the project', async () => {
    const anna = await memberWithProject(t);
    const ben = await memberWithProject(t);
    await buildNetwork(t.db, anna.pid, [{ uid: anna.user.id, userType: 2 }]);
    // A row left behind by an earlier version, which kept members in a project after their last network.
    await t.db.update(projectUsers).set({ isDefault: false }).where(eq(projectUsers.uid, ben.user.id));
    await t.db.insert(projectUsers).values({ pid: anna.pid, uid: ben.user.id, isDefault: true });
    expect(await listedProjects(ben.session)).toEqual([ben.pid]);
    const info = (await call(t.app, 'projectInfoList', {}, ben.session)).body.data as { id: number }[];
    expect(info.map((p) => p.id)).toEqual([ben.pid]);
    expect((await call(t.app, 'projectId', {}, ben.session)).body.code).toBe(Code.emptyList);
    for (const name of ['projectNetworkAll', 'reportSetupAll', 'projectUpdateId', 'networkPidList'] as const) {
      expect((await call(t.app, name, { pid: anna.pid }, ben.session)).body.code).toBe(Code.noPermission);
    }
  });
});

describeApi('moving a network into a project needs the right to add one there', () => {
  it('an installer of a network in the project moves one in; a sub-user there may not', async () => {
    const anna = await memberWithProject(t);
    const ben = await memberWithProject(t);
    const carl = await memberWithProject(t);
    await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: ben.user.id, userType: 1 },
      { uid: carl.user.id, userType: 3 },
    ]);
    const carls = await buildNetwork(t.db, carl.pid, [{ uid: carl.user.id, userType: 2 }]);
    expect((await call(t.app, 'networkMoveSave', { nid: carls.id, pid: anna.pid }, carl.session)).body.code).toBe(
      Code.noPermission,
    );
    const bens = await buildNetwork(t.db, ben.pid, [{ uid: ben.user.id, userType: 2 }]);
    const offered = (await call(t.app, 'networkMoveList', { nid: bens.id }, ben.session)).body.data as { id: number }[];
    expect(offered.map((p) => p.id)).toEqual([anna.pid]);
    expect((await call(t.app, 'networkMoveSave', { nid: bens.id, pid: anna.pid }, ben.session)).body.code).toBe(
      Code.ok,
    );
    const [moved] = await t.db.select().from(networks).where(eq(networks.id, bens.id));
    expect(moved!.pid).toBe(anna.pid);
  });
});

describeApi('a share grants what it names', () => {
  it('only those who may change the project settings share the project', async () => {
    const anna = await memberWithProject(t);
    const ben = await memberWithProject(t);
    const carl = await memberWithProject(t);
    await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: ben.user.id, userType: 1 },
      { uid: carl.user.id, userType: 3 },
    ]);
    const emails = [`guest-${anna.user.id}@example.com`];
    expect((await call(t.app, 'shareProject', { pid: anna.pid, emails, userType: 3 }, carl.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'shareProject', { pid: anna.pid, emails, userType: 3 }, ben.session)).body.code).toBe(
      Code.ok,
    );
  });

  it('a project share that can grant no network gives no project either (1065, the link stays usable)', async () => {
    const anna = await memberWithProject(t);
    const guest = await memberWithProject(t);
    // Anna shares her project before it holds a network she may share.
    expect(
      (await call(t.app, 'shareProject', { pid: anna.pid, emails: [guest.user.email], userType: 3 }, anna.session)).body
        .code,
    ).toBe(Code.ok);
    const link = await shareLink(guest.user.email);
    expect((await call(t.app, 'shareAccept', { link }, guest.session)).body.code).toBe(Code.linkInvalid);
    expect(await listedProjects(guest.session)).toEqual([guest.pid]);
    expect((await call(t.app, 'shareInfo', { link })).body.data).toMatchObject({ state: 'pending' });
    // Once she has one, the same link gives its role there, and the project with it.
    const site = await buildNetwork(t.db, anna.pid, [{ uid: anna.user.id, userType: 2 }]);
    expect((await call(t.app, 'shareAccept', { link }, guest.session)).body.data).toMatchObject({ pid: anna.pid });
    expect(await listedProjects(guest.session)).toContain(anna.pid);
    const [role] = await t.db
      .select()
      .from(networkUsers)
      .where(and(eq(networkUsers.nid, site.id), eq(networkUsers.uid, guest.user.id)));
    expect(role!.userType).toBe(3);
  });

  it('a network share accepted after the network moved joins the project the network is in now', async () => {
    const anna = await memberWithProject(t);
    const guest = await memberWithProject(t);
    const site = await buildNetwork(t.db, anna.pid, [{ uid: anna.user.id, userType: 2 }]);
    await call(t.app, 'shareNetwork', { nid: site.id, emails: [guest.user.email], userType: 3 }, anna.session);
    const second = await call(t.app, 'projectAdd', { name: 'Second site' }, anna.session);
    const target = (second.body.data as { id: number }).id;
    expect((await call(t.app, 'networkMoveSave', { nid: site.id, pid: target }, anna.session)).body.code).toBe(Code.ok);
    const accepted = await call(t.app, 'shareAccept', { link: await shareLink(guest.user.email) }, guest.session);
    expect(accepted.body.data).toMatchObject({ kind: 'network', targetId: site.id, pid: target });
    const listed = await listedProjects(guest.session);
    expect(listed).toContain(target);
    expect(listed).not.toContain(anna.pid);
    expect(await projectRows(guest.user.id)).toEqual([
      { pid: guest.pid, isDefault: true },
      { pid: target, isDefault: false },
    ]);
  });
});
