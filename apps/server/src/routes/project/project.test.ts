import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  memberWithProject,
  signedInUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { projectUsers } from '../../db/schema.ts';
import { createProject } from '../../services/create-default-project.ts';

describeApi('project list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await call(t.app, 'projectAll', {})).body.code).toBe(Code.sessionInvalid);
  });

  it("lists the user's own projects, default first, and nobody else's", async () => {
    const { user, session } = await signedInUser(t);
    const stranger = await signedInUser(t);
    await createProject(t.db, { uid: user.id, name: 'Hall B', remarks: 'north wing', isDefault: false });
    await createProject(t.db, { uid: stranger.user.id, name: 'Secret site', remarks: '', isDefault: false });
    const reply = await call(t.app, 'projectAll', {}, session);
    expect(reply.body.code).toBe(0);
    const list = reply.body.data as { name: string; isDefault: boolean; remarks: string; updatedAt: number }[];
    expect(list.map((p) => [p.name, p.isDefault])).toEqual([
      ['My project', true],
      ['Hall B', false],
    ]);
    expect(list[1]!.remarks).toBe('north wing');
    expect(typeof list[0]!.updatedAt).toBe('number');
  });

  it('answers 1050 with an empty list when the user has no project', async () => {
    const { user, session } = await signedInUser(t);
    await t.db.delete(projectUsers).where(eq(projectUsers.uid, user.id));
    expect((await call(t.app, 'projectAll', {}, session)).body).toEqual({ code: Code.emptyList, data: [] });
  });
});

describeApi('project management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates, renames, lists paged with search and network counts, and sets the default', async () => {
    const { user, session, pid } = await memberWithProject(t);
    const added = await call(t.app, 'projectAdd', { name: 'Campus 100%', remarks: 'line one\nline two' }, session);
    expect(added.body.data).toMatchObject({ name: 'Campus 100%', remarks: 'line one\nline two', isDefault: false });
    const second = (added.body.data as { id: number }).id;
    await buildNetwork(t.db, second, [{ uid: user.id, userType: 2 }]);
    const page = await call(t.app, 'projectVoList', { page: 1, pageSize: 10 }, session);
    expect(page.body.data).toMatchObject({ total: 2 });
    const search = await call(t.app, 'projectVoList', { keyword: '100%' }, session);
    expect(search.body.data).toMatchObject({ total: 1, list: [{ id: second, networkCount: 1, isCreator: true }] });
    const renamed = await call(t.app, 'projectUpdate', { pid: second, name: 'Campus', remarks: '' }, session);
    expect(renamed.body.data).toMatchObject({ name: 'Campus', remarks: '' });
    expect((await call(t.app, 'projectId', {}, session)).body.data).toMatchObject({ id: pid });
    expect((await call(t.app, 'projectUpdateId', { pid: second }, session)).body.code).toBe(0);
    expect((await call(t.app, 'projectId', {}, session)).body.data).toMatchObject({ id: second });
    const info = (await call(t.app, 'projectInfoList', {}, session)).body.data as { id: number; networks: unknown[] }[];
    expect(info[0]).toMatchObject({ id: second, isDefault: true });
    expect(info[0]!.networks).toHaveLength(1);
  });

  it('deletes an empty project (1057 with networks, 1050 for the last one, 1013 for others)', async () => {
    const { user, session, pid } = await memberWithProject(t);
    const stranger = await memberWithProject(t);
    expect((await call(t.app, 'projectDelete', { pid }, session)).body.code).toBe(Code.emptyList);
    const extra = (await call(t.app, 'projectAdd', { name: 'Extra' }, session)).body.data as { id: number };
    const network = await buildNetwork(t.db, extra.id, [{ uid: user.id, userType: 2 }]);
    expect((await call(t.app, 'projectDelete', { pid: extra.id }, session)).body.code).toBe(Code.projectHasNetworks);
    await call(t.app, 'networkDelete', { nid: network.id }, session);
    expect((await call(t.app, 'projectDelete', { pid: extra.id }, session)).body.code).toBe(Code.projectHasNetworks);
    expect((await call(t.app, 'projectDelete', { pid }, stranger.session)).body.code).toBe(Code.noPermission);
    expect((await call(t.app, 'projectUpdate', { pid, name: 'Mine now' }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    const empty = (await call(t.app, 'projectAdd', { name: 'Empty' }, session)).body.data as { id: number };
    await call(t.app, 'projectUpdateId', { pid: empty.id }, session);
    expect((await call(t.app, 'projectDelete', { pid: empty.id }, session)).body.code).toBe(0);
    const fallback = await call(t.app, 'projectId', {}, session);
    expect(fallback.body.code).toBe(0);
    expect(fallback.body.data).not.toBeNull();
  });
});
