import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { judge } from './lib/source-rules.mjs';
import { useTempTrees } from './lib/temp-tree.mjs';
import { check } from './route-rules.mjs';

/** The lines the checker prints for the writes in `dir`. */
const writesIn = (dir) => check([dir]).map((breach) => breach.text);

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'route-rules.mjs');
const tree = useTempTrees('route-rules-');

const IMPORTS = [
  "import { eq, sql } from 'drizzle-orm';",
  "import * as schema from '../../db/schema.ts';",
  "import { things } from '../../db/schema.ts';",
].join('\n');

/** A route file that writes in every way the rule knows, one write a line from line 5 on. */
const WRITING = `${IMPORTS}
export async function handle(ctx, id, table) {
  await ctx.db.insert(things).values({ id });
  await ctx.db.update(things).set({ name: 'x' }).where(eq(things.id, id));
  await ctx.db.delete(things);
  await ctx.db.delete(schema.others);
  await ctx.db.transaction((tx) => tx.delete(table).where(eq(things.id, id)));
  await ctx.db.execute(sql\`DELETE FROM things WHERE id = \${id}\`);
  await ctx.db.execute(sql.raw('insert into things (id) values (1)'));
  await ctx.pool.query(\`UPDATE things SET name = 'x'\`);
  const statement = 'DELETE FROM things';
  return statement;
}
`;

/** A route file that reads and answers: drizzle's reads, a Map's delete, a hash's update, words in a string. */
const READING = `${IMPORTS}
import { createHash } from 'node:crypto';
export async function handle(ctx, id, open) {
  const rows = await ctx.db.select().from(things).where(eq(things.id, id));
  await ctx.db.execute(sql\`SELECT count(*) FROM things WHERE updated_at > now()\`);
  open.delete(id);
  const digest = createHash('sha256').update(String(id)).digest('hex');
  const message = 'Delete from the list, update the name or insert a row';
  return { rows, digest, message, where: sql\`\${things.id} = \${id}\` };
}
`;

describe('route rules', () => {
  it('finds each drizzle write and each raw SQL write of a route file, by line', () => {
    const dir = tree({ 'thing/thing.routes.ts': WRITING });
    expect(writesIn(dir)).toEqual([
      'thing/thing.routes.ts:5: writes a table: .insert(things)',
      'thing/thing.routes.ts:6: writes a table: .update(things)',
      'thing/thing.routes.ts:7: writes a table: .delete(things)',
      'thing/thing.routes.ts:8: writes a table: .delete(schema.others)',
      'thing/thing.routes.ts:9: writes a table: .delete(table)',
      'thing/thing.routes.ts:10: writes a table: SQL DELETE',
      'thing/thing.routes.ts:11: writes a table: SQL INSERT',
      'thing/thing.routes.ts:12: writes a table: SQL UPDATE',
      'thing/thing.routes.ts:13: writes a table: SQL DELETE',
    ]);
  });

  it('passes a route file that only reads, and leaves tests and their support aside', () => {
    const dir = tree({
      'thing/thing.routes.ts': READING,
      'thing/thing.test.ts': WRITING,
      'thing/test-site.ts': WRITING,
    });
    expect(writesIn(dir)).toEqual([]);
  });

  it('fails on a write of a file not pending, and on a pending file that no longer writes', () => {
    const writes = [{ key: 'a.ts', text: 'a.ts:1: writes a table: .insert(things)' }];
    expect(judge(writes, ['a.ts'])).toEqual({ failures: [], pending: writes, stale: [] });
    expect(judge(writes, [])).toEqual({ failures: writes, pending: [], stale: [] });
    expect(judge([], ['a.ts'])).toEqual({ failures: [], pending: [], stale: ['a.ts'] });
  });

  it('exits 1 and names each write, exits 0 on routes that write nothing', () => {
    const bad = tree({ 'thing/thing.routes.ts': WRITING });
    const failed = spawnSync(process.execPath, [SCRIPT, bad], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('writes   thing/thing.routes.ts:5: writes a table: .insert(things)');

    const good = tree({ 'thing/thing.routes.ts': READING });
    const passed = spawnSync(process.execPath, [SCRIPT, good], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
  });
});
