import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, signedInUser, type TestApp } from '../../../test/helpers.ts';
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
