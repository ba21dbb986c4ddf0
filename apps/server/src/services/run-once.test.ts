import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../test/helpers.ts';
import { rowsOf } from '../db/rows.ts';
import { jobRuns } from '../db/schema.ts';
import { CYCLE_WORKER } from './report-cycles/workers.ts';
import { claimAndRun } from './run-once.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The id of a process of this machine that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describeApi('job slot claims with a lease', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const job = () => `lease-test-${randomBytes(4).toString('hex')}`;
  const runOf = async (name: string) =>
    (
      await t.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.name, name), eq(jobRuns.slot, 's')))
    )[0];
  /** A claim left by a process of another machine, unfinished, its lease ending in `seconds` on the database's clock. */
  const leftBehind = (name: string, seconds: number) =>
    t.db.insert(jobRuns).values({
      name,
      slot: 's',
      holder: 'elsewhere:4026531836:4242:abcdef',
      leaseUntil: sql`now() + ${seconds} * interval '1 second'`,
    });

  it('takes over a claim whose holder died once its lease lapsed, and waits while it holds', async () => {
    const name = job();
    await leftBehind(name, 3600);
    let ran = 0;
    const work = async () => {
      ran += 1;
      return 'done here';
    };
    expect(await claimAndRun(t.db, name, 's', work)).toBe('held');
    expect(ran).toBe(0);

    await t.db.update(jobRuns).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(jobRuns.name, name));
    expect(await claimAndRun(t.db, name, 's', work)).toBe('ran');
    expect(ran).toBe(1);
    const run = await runOf(name);
    expect([run!.holder, run!.claims, run!.result, run!.leaseUntil]).toEqual([CYCLE_WORKER, 2, 'done here', null]);
    expect(run!.finishedAt).not.toBeNull();
  });

  it('takes over at once a claim whose holder ended on this machine', async () => {
    const name = job();
    const [host, namespace] = CYCLE_WORKER.split(':');
    await t.db.insert(jobRuns).values({
      name,
      slot: 's',
      holder: `${host}:${namespace}:${await endedPid()}:abcdef`,
      leaseUntil: sql`now() + interval '1 hour'`,
    });
    expect(await claimAndRun(t.db, name, 's', async () => 'done here')).toBe('ran');
    expect((await runOf(name))?.claims).toBe(2);
  });

  it('never runs a finished slot again, whatever its lease says', async () => {
    const name = job();
    let ran = 0;
    const work = async () => {
      ran += 1;
      return 'done';
    };
    expect(await claimAndRun(t.db, name, 's', work)).toBe('ran');
    await t.db.update(jobRuns).set({ leaseUntil: sql`now() - interval '1 hour'` }).where(eq(jobRuns.name, name));
    expect(await claimAndRun(t.db, name, 's', work)).toBe('done');
    expect(await claimAndRun(t.db, name, 's', work, { leaseMs: 1 })).toBe('done');
    expect(ran).toBe(1);
    expect((await runOf(name))?.claims).toBe(1);
  });

  it('keeps the slot of a live holder that works longer than its lease (renewed while it runs)', async () => {
    const name = job();
    const leaseMs = 3000;
    let release = () => {};
    const holding = claimAndRun(
      t.db,
      name,
      's',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('slow but done');
        }),
      { leaseMs },
    );
    let others = 0;
    const other = () =>
      claimAndRun(
        t.db,
        name,
        's',
        async () => {
          others += 1;
          return 'taken';
        },
        { leaseMs },
      );
    // Twice, until the lease the holder had last seen has lapsed on the database's clock: it renewed it.
    for (let i = 0; i < 2; i++) {
      let seen: Date | null = null;
      while (!seen) {
        seen = (await runOf(name))?.leaseUntil ?? null;
        await pause(50);
      }
      for (;;) {
        const [now] = await rowsOf<{ lapsed: boolean }>(
          t.db,
          sql`SELECT now() > ${seen.toISOString()}::timestamptz AS lapsed`,
        );
        if (now?.lapsed) break;
        await pause(200);
      }
      expect(await other()).toBe('held');
    }
    release();
    expect(await holding).toBe('ran');
    expect(others).toBe(0);
    const run = await runOf(name);
    expect([run?.claims, run?.result]).toEqual([1, 'slow but done']);
  });
});
