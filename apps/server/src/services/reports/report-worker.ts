import { type Database, type Db, openDatabase } from '../../db/client.ts';
import { proxyDatabase } from './pglite-proxy.ts';
import type { FromWorker, ProxyRequest, ToWorker, WorkerDatabase } from './report-worker-protocol.ts';
import { doWorkerWork, prepareWorker } from './worker-work.ts';

/*
 * The report worker: a child process of the console (started by `report-builder.ts`) that builds report
 * files and the report cycles' figures and files, the figures' queries, the document and the writer, so the
 * console keeps answering pages meanwhile and never holds a build's memory.
 */

const channel = process.send?.bind(process);
if (!channel) throw new Error('report-worker.ts runs as a child process of the console (report-builder.ts)');
// Without its console (stopped, or killed) the worker has nobody to build for.
process.on('disconnect', () => process.exit(0));

/** The worker's exit code when the console's tests make it stop (`crash`). */
const CRASH_EXIT_CODE = 70;

/** Connections of the worker's own pool on PostgreSQL; the console keeps its own pool for the pages. */
const POOL_CONNECTIONS = 2;

const pools = new Map<string, Database>();
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let nextAsk = 1;

const send = (message: FromWorker) => channel(message);

/** Asks the console's thread to run a request on its PGlite for `task`, and waits for the answer. */
function ask(task: number, request: ProxyRequest): Promise<unknown> {
  const id = nextAsk++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    send({ ...request, task, id });
  });
}

/** A task's database: a pool of the worker's own per PostgreSQL database, or the console's PGlite by proxy. */
async function databaseOf(task: number, database: WorkerDatabase): Promise<Db> {
  if (database.kind === 'proxy') return proxyDatabase((request) => ask(task, request));
  let open = pools.get(database.url);
  if (!open) {
    // Idle connections close after a while (the pool's idle timeout), so an idle worker holds none.
    open = await openDatabase({ url: database.url, dataDir: '', pool: { max: POOL_CONNECTIONS } });
    pools.set(database.url, open);
  }
  return open.db;
}

/** Does one task (a file, or a cycle's figures) and sends what it made, or the reason it failed. */
async function build(message: Extract<ToWorker, { type: 'build' }>): Promise<void> {
  const { task } = message;
  try {
    const db = await databaseOf(task, message.database);
    send({ type: 'started', task, pid: process.pid });
    // The console's clock, going on from the handover (a test's console runs its own): the file is stored at
    // the time it is done.
    const offset = message.now - Date.now();
    const now = () => new Date(Date.now() + offset);
    const result = await doWorkerWork({ db, now }, message.work, async (percent) => {
      send({ type: 'progress', task, percent });
    });
    send({ type: 'done', task, result });
  } catch (error) {
    send({ type: 'failed', task, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Ends the pools, says so, and leaves the console's channel, which ends the process (`disconnect`). */
async function close(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((database) => database.close().catch(() => undefined)));
  send({ type: 'closed' });
  process.disconnect();
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'build') void build(message);
  else if (message.type === 'answer') {
    const asked = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) asked?.reject(new Error(message.error));
    else asked?.resolve(message.result);
  } else if (message.type === 'warm') {
    // Nothing to answer: a build asked for meanwhile waits for the modules' loading as it would have anyway.
    prepareWorker().catch(() => undefined);
  } else if (message.type === 'close') void close();
  else {
    // `crash`: the console's tests stop the worker as a fault would, to see the job fail and the next one built.
    process.exit(CRASH_EXIT_CODE);
  }
});
