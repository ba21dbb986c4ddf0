import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backups } from '../src/db/schema.ts';
import { buildNetwork, buildTestApp, describeApi, memberWithProject, type TestApp } from './helpers.ts';

const MIGRATION = new URL('../src/db/migrations/0005_backup_node_seconds.sql', import.meta.url);

describeApi('backups taken while instants were milliseconds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keep their nodes, with each createTime turned into epoch seconds once', async () => {
    const owner = await memberWithProject(t);
    const network = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const content = (createTime: number) => ({
      version: 1,
      network: { name: 'N' },
      zones: [],
      nodes: [
        { id: 1, name: 'a', createTime },
        { id: 2, name: 'b', createTime: 1_795_000_000 },
      ],
    });
    const [old] = await t.db
      .insert(backups)
      .values({ nid: network.id, name: 'old', content: content(1_795_000_123_456) })
      .returning();
    const [empty] = await t.db
      .insert(backups)
      .values({ nid: network.id, name: 'empty', content: { ...content(0), nodes: [] } })
      .returning();
    const migrate = () => t.db.execute(sql.raw(readFileSync(MIGRATION, 'utf8')));
    await migrate();
    await migrate();
    const [after] = await t.db.select().from(backups).where(eq(backups.id, old!.id));
    expect((after!.content as { nodes: unknown[] }).nodes).toEqual([
      { id: 1, name: 'a', createTime: 1_795_000_123 },
      { id: 2, name: 'b', createTime: 1_795_000_000 },
    ]);
    const [stillEmpty] = await t.db.select().from(backups).where(eq(backups.id, empty!.id));
    expect((stillEmpty!.content as { nodes: unknown[] }).nodes).toEqual([]);
  });
});
