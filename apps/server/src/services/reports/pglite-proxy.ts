import { type PGlite, type Transaction, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { ProxyQuery, ProxyRequest } from './report-worker-protocol.ts';

/*
 * The embedded PGlite lives in the console's thread; a report worker reaches it by asking that thread to run
 * each query. The worker's side is drizzle's own PGlite driver over a client that forwards `query` and
 * `transaction`, so its answers have the very shape (and `rowsOf`, `rowsOfRange` and transactions work) they
 * have in the console's thread.
 */

/** Types drizzle's PGlite driver reads as text (it parses them itself), as it asks PGlite on every query. */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const parsers = Object.fromEntries(TEXT_TYPES.map((type) => [type, (value: string) => value]));

type Ask = (request: ProxyRequest) => Promise<unknown>;

/** The worker's side: a drizzle database whose every query is run by the console's thread through `ask`. */
export function proxyDatabase(ask: Ask): Db {
  const queryIn =
    (tx: number | null) =>
    (text: string, params: unknown[] = [], options: { rowMode?: 'array' | 'object' } = {}) =>
      ask({ type: 'query', text, params, rowMode: options.rowMode ?? 'object', tx });
  const client = {
    query: queryIn(null),
    async transaction<T>(work: (tx: { query: ReturnType<typeof queryIn> }) => Promise<T>): Promise<T> {
      const tx = (await ask({ type: 'begin' })) as number;
      let result: T;
      try {
        result = await work({ query: queryIn(tx) });
      } catch (error) {
        await ask({ type: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ type: 'end', tx, commit: true });
      return result;
    },
  };
  return drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
}

/** A transaction held open for the worker until it says to end it. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): Promise<void>;
}

const ROLLBACK = Symbol('rollback');

/** Opens a PGlite transaction that stays open until its `end` is called. */
function openTransaction(client: PGlite): Promise<OpenTransaction> {
  return new Promise((resolve, reject) => {
    let finish: (commit: boolean) => void = () => undefined;
    const ended = new Promise<boolean>((settle) => {
      finish = settle;
    });
    const done = client
      .transaction(async (tx) => {
        resolve({
          tx,
          end: async (commit) => {
            finish(commit);
            await done;
          },
        });
        if (!(await ended)) throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    done.catch(reject);
  });
}

/**
 * The console's side for one build: runs the worker's queries on `client`, keeping the transactions the
 * worker opened until it ends them; `close` rolls back any left open (a worker that stopped).
 */
export class PgliteProxy {
  private readonly open = new Map<number, OpenTransaction>();
  private nextTx = 1;

  constructor(private readonly client: PGlite) {}

  /** Answers one request of the worker. */
  async answer(request: ProxyRequest): Promise<unknown> {
    if (request.type === 'query') return this.query(request);
    if (request.type === 'begin') {
      const id = this.nextTx++;
      this.open.set(id, await openTransaction(this.client));
      return id;
    }
    const open = this.open.get(request.tx);
    this.open.delete(request.tx);
    await open?.end(request.commit);
    return null;
  }

  private query(request: ProxyQuery) {
    const on = request.tx === null ? this.client : this.open.get(request.tx)?.tx;
    if (!on) throw new Error('the transaction of the query has ended');
    return on.query(request.text, request.params, { rowMode: request.rowMode, parsers });
  }

  /** Rolls back the transactions still open. */
  async close(): Promise<void> {
    const open = [...this.open.values()];
    this.open.clear();
    await Promise.all(open.map((transaction) => transaction.end(false).catch(() => undefined)));
  }
}
