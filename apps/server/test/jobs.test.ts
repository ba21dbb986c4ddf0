import { Limits } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobRuns, sessions } from '../src/db/schema.ts';
import { purgeExpired } from '../src/jobs/purge-expired.ts';
import { runOnce } from '../src/services/run-once.ts';
import { buildTestApp, call, describeApi, signedInUser, type TestApp } from './helpers.ts';

describeApi('scheduled jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('runs a slot exactly once however many processes try at the same time', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      return 'done';
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => runOnce(t.db, 'demo-job', '2026-11-23T10', work)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await runOnce(t.db, 'demo-job', '2026-11-23T11', work)).toBe(true);
    const [row] = await t.db.select().from(jobRuns).where(eq(jobRuns.slot, '2026-11-23T10'));
    expect(row).toMatchObject({ name: 'demo-job', result: 'done' });
    expect(row!.finishedAt).toBeInstanceOf(Date);
  });

  it('purges sessions idle for 30 days', async () => {
    const { user, session } = await signedInUser(t);
    t.clock.advance(Limits.sessionIdleSeconds + 60);
    await purgeExpired(t.app.ctx);
    expect(await t.db.select().from(sessions).where(eq(sessions.uid, user.id))).toEqual([]);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(1012);
  });
});
