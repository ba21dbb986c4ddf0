import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, createPgDatabase, describeApi, networkTeam, TEST_DB, type TestApp } from '../../test/helpers.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { sensorDiagnoses } from '../db/schema.ts';
import { advanceDiagnoses } from './advance-diagnoses.ts';

const START = new Date('2027-01-15T09:00:00Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);

describeApi('sensor diagnosis sweep', () => {
  let t: TestApp;
  /** Several server processes of one deployment: their own pools on one PostgreSQL database. */
  const processes: Db[] = [];
  const pools: Database[] = [];
  let drop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    if (TEST_DB === 'pg') {
      const created = await createPgDatabase();
      drop = created.drop;
      t = await buildTestApp({}, { databaseUrl: created.url });
      for (let i = 0; i < 4; i += 1) {
        const pool = await openDatabase({ url: created.url, dataDir: '' });
        pools.push(pool);
        processes.push(pool.db);
      }
    } else {
      t = await buildTestApp();
      // One embedded database serves one process: the sweeps still race through its one connection.
      for (let i = 0; i < 4; i += 1) processes.push(t.db);
    }
  });
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    await t.close();
    await drop?.();
  });

  it('moves each task waiting → executing → executed at its times, exactly once across processes', async () => {
    const { network } = await networkTeam(t);
    const task = (startS: number, endS: number, state = 'waiting') => ({
      nid: network.id,
      state,
      startAt: at(startS),
      endAt: at(endS),
      intervalSeconds: 10,
      allSensors: true,
    });
    const rows = await t.db
      .insert(sensorDiagnoses)
      .values([
        task(0, 60),
        task(30, 90),
        task(-120, -10),
        task(-60, 10, 'executing'),
        task(-60, 10, 'canceled'),
        task(0, 60, 'executed'),
      ])
      .returning();
    const ids = rows.map((row) => row.id);
    const sweep = async (seconds: number) => {
      const moves = await Promise.all(processes.map((db) => advanceDiagnoses(db, at(seconds))));
      return { started: moves.flatMap((m) => m.started).sort(), finished: moves.flatMap((m) => m.finished).sort() };
    };
    const states = async () => {
      const now = await t.db.select().from(sensorDiagnoses).where(inArray(sensorDiagnoses.id, ids));
      return ids.map((id) => now.find((row) => row.id === id)!.state);
    };

    // A second before the first start: the task whose range is over is executed at once; nothing starts.
    expect(await sweep(-1)).toEqual({ started: [], finished: [ids[2]] });
    expect(await states()).toEqual(['waiting', 'waiting', 'executed', 'executing', 'canceled', 'executed']);
    // At the start time exactly.
    expect(await sweep(0)).toEqual({ started: [ids[0]], finished: [] });
    expect(await sweep(0)).toEqual({ started: [], finished: [] });
    expect(await sweep(10)).toEqual({ started: [], finished: [ids[3]] });
    expect(await sweep(45)).toEqual({ started: [ids[1]], finished: [] });
    expect(await sweep(60)).toEqual({ started: [], finished: [ids[0]] });
    expect(await sweep(120)).toEqual({ started: [], finished: [ids[1]] });
    expect(await states()).toEqual(['executed', 'executed', 'executed', 'executed', 'canceled', 'executed']);
    const [first] = await t.db.select().from(sensorDiagnoses).where(eq(sensorDiagnoses.id, ids[0]!));
    expect(first).toMatchObject({ startedAt: at(0), finishedAt: at(60) });
  });
});
