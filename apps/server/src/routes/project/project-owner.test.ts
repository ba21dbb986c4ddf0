import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  memberWithProject,
  type TestApp,
} from '../../../test/helpers.ts';
import { networks } from '../../db/schema.ts';

describeApi('a shared project names its owner; who may add a network to it and restore one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Anna's default project "My project" holds a network shared with Ben as `userType`. */
  async function sharedWith(userType: 1 | 2 | 3) {
    const anna = await memberWithProject(t);
    const ben = await memberWithProject(t);
    const network = await buildNetwork(t.db, anna.pid, [
      { uid: anna.user.id, userType: 2 },
      { uid: ben.user.id, userType },
    ]);
    return { anna, ben, network };
  }

  it("every list and picker answer carries the project owner's name, so two 'My project' differ", async () => {
    const { anna, ben, network } = await sharedWith(3);
    const all = (await call(t.app, 'projectAll', {}, ben.session)).body.data as {
      id: number;
      name: string;
      ownerName: string;
      isCreator: boolean;
    }[];
    expect(all.map((p) => [p.name, p.ownerName, p.isCreator])).toEqual([
      ['My project', ben.user.name, true],
      ['My project', anna.user.name, false],
    ]);
    const page = (await call(t.app, 'projectVoList', { page: 1, pageSize: 10 }, ben.session)).body.data as {
      list: { id: number; ownerName: string }[];
    };
    expect(page.list.find((p) => p.id === anna.pid)?.ownerName).toBe(anna.user.name);
    const info = (await call(t.app, 'projectInfoList', {}, ben.session)).body.data as {
      id: number;
      ownerName: string;
      networks: { id: number }[];
    }[];
    expect(info.find((p) => p.id === anna.pid)).toMatchObject({
      ownerName: anna.user.name,
      networks: [{ id: network.id }],
    });
    const where = (await call(t.app, 'networkId', { nid: network.id }, ben.session)).body.data;
    expect(where).toMatchObject({ pid: anna.pid, pName: 'My project', pOwnerName: anna.user.name });
    const detail = (await call(t.app, 'networkVoByNid', { nid: network.id }, ben.session)).body.data;
    expect(detail).toMatchObject({ pName: 'My project', pOwnerName: anna.user.name });
  });

  it('a sub-user may not add a network to the project that shares one with them (1013); an installer may', async () => {
    const asSub = await sharedWith(3);
    const refused = await call(t.app, 'networkAdd', { pid: asSub.anna.pid, name: 'Intruder' }, asSub.ben.session);
    expect(refused.body.code).toBe(Code.noPermission);
    const subView = (await call(t.app, 'projectAll', {}, asSub.ben.session)).body.data as {
      id: number;
      canAddNetwork: boolean;
    }[];
    expect(subView.find((p) => p.id === asSub.anna.pid)?.canAddNetwork).toBe(false);
    expect(subView.find((p) => p.id === asSub.ben.pid)?.canAddNetwork).toBe(true);
    const names = (await call(t.app, 'networkPidList', { pid: asSub.anna.pid }, asSub.anna.session)).body.data as {
      name: string;
    }[];
    expect(names.map((n) => n.name)).not.toContain('Intruder');

    const asInstaller = await sharedWith(1);
    const added = await call(
      t.app,
      'networkAdd',
      { pid: asInstaller.anna.pid, name: 'Wing C' },
      asInstaller.ben.session,
    );
    expect(added.body.code).toBe(0);
  });

  it('only the administrator of a deleted network restores it; the recycle list says who may', async () => {
    const { anna, ben, network } = await sharedWith(3);
    await t.db.update(networks).set({ deletedAt: new Date() }).where(eq(networks.id, network.id));
    const benList = (await call(t.app, 'networkRecycleList', {}, ben.session)).body.data as {
      id: number;
      canRestore: boolean;
    }[];
    expect(benList).toMatchObject([{ id: network.id, canRestore: false }]);
    expect((await call(t.app, 'networkRecycleRestore', { nid: network.id }, ben.session)).body.code).toBe(
      Code.noPermission,
    );
    const annaList = (await call(t.app, 'networkRecycleList', {}, anna.session)).body.data;
    expect(annaList).toMatchObject([{ id: network.id, canRestore: true }]);
    expect((await call(t.app, 'networkRecycleRestore', { nid: network.id }, anna.session)).body.code).toBe(0);
  });
});
