import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { createPgDatabase, databaseAvailable, TEST_DB } from './helpers.ts';

/*
 * PostgreSQL restarted under a busy console: a transaction waiting between two statements loses its
 * connection. The process must go on (an `error` event without a listener would end it: the test run then
 * fails with an uncaught error), the transaction fails, and the pool serves the next statement.
 */
describe.skipIf(TEST_DB !== 'pg' || !databaseAvailable)('a database connection lost inside a transaction', () => {
  let database: Database;
  let admin: pg.Client;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPgDatabase({ migrated: true });
    drop = created.drop;
    database = await openDatabase({ url: created.url, dataDir: 'memory://' });
    admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await drop?.();
  });

  it('fails that transaction only; the process and the pool go on', async () => {
    const transaction = database.db.transaction(async (tx) => {
      const [own] = await rowsOf<{ pid: number }>(tx as unknown as Db, sql`SELECT pg_backend_pid() AS pid`);
      await admin.query('SELECT pg_terminate_backend($1)', [own!.pid]);
      // Until the backend is gone, so its last message has reached this process's socket.
      while ((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [own!.pid])).rowCount) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await new Promise((resolve) => setImmediate(resolve));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(await rowsOf<{ one: number }>(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
});
