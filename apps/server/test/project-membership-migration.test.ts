import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projects, projectUsers } from '../src/db/schema.ts';
import { buildNetwork, buildTestApp, describeApi, memberWithProject, type TestApp } from './helpers.ts';

const MIGRATION = new URL('../src/db/migrations/0021_project_membership.sql', import.meta.url);

describeApi('project memberships left without a network role by earlier consoles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are removed; members with a role and creators stay, and a lost default moves to a remaining project', async () => {
    const owner = await memberWithProject(t);
    const member = await memberWithProject(t);
    const leftover = await memberWithProject(t);
    await buildNetwork(t.db, owner.pid, [
      { uid: owner.user.id, userType: 2 },
      { uid: member.user.id, userType: 3 },
    ]);
    // A row without a role (a removed member), which was also that user's default.
    await t.db.insert(projectUsers).values({ pid: owner.pid, uid: leftover.user.id, isDefault: false });
    await t.db.update(projectUsers).set({ isDefault: false }).where(eq(projectUsers.uid, leftover.user.id));
    await t.db
      .update(projectUsers)
      .set({ isDefault: true })
      .where(and(eq(projectUsers.uid, leftover.user.id), eq(projectUsers.pid, owner.pid)));

    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    const migrate = async () => {
      for (const statement of statements) await t.db.execute(sql.raw(statement));
    };
    await migrate();
    await migrate();

    const rows = await t.db.select().from(projectUsers).where(eq(projectUsers.pid, owner.pid));
    expect(rows.map((row) => row.uid).sort()).toEqual([owner.user.id, member.user.id].sort());
    const own = await t.db.select().from(projectUsers).where(eq(projectUsers.uid, leftover.user.id));
    expect(own).toEqual([expect.objectContaining({ pid: leftover.pid, isDefault: true })]);
    const [kept] = await t.db.select().from(projects).where(eq(projects.id, leftover.pid));
    expect(kept!.createdBy).toBe(leftover.user.id);
  });
});
