import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/client.ts';
import { sourceOf } from '../../db/client.ts';
import type { ReportFile } from '../../reports/report-file.ts';
import { buildReportFile, type ReportBuildContext, type ReportBuildJob } from './build-report-file.ts';
import { PgliteProxy } from './pglite-proxy.ts';
import type { FromWorker, ToWorker, WorkerDatabase } from './report-worker-protocol.ts';

/*
 * Builds report files in one long-lived worker thread per process (`report-worker.ts`), started with the
 * first report and again after it stopped, so building a large file never holds the thread that answers the
 * pages. Claims, heartbeats and the job's row stay with the caller (`run-report-jobs.ts`).
 */

/** The worker bundle's file URL, set when the server bundle is built (scripts/lib/builds.mjs); unset in source. */
declare const LIGHTWELL_REPORT_WORKER: string | undefined;

/** The most the worker's old generation may hold: a build that needs more fails, the console stays. */
const WORKER_HEAP = { maxOldGenerationSizeMb: 192 };

/** A build given up because its console is stopping: its job goes back to the queue for another process. */
export class ReportBuildStopped extends Error {
  constructor() {
    super('the console stopped while the report was built');
  }
}

/** What the console's tests see of the worker: which thread built a file, and a worker made to stop. */
export const reportBuilderProbe: {
  /** Told the worker's thread id as each build starts in it. */
  onStarted: ((threadId: number) => void) | undefined;
  /** Makes the worker stop (as a fault would) as the next build is handed to it. */
  crashNext: boolean;
} = { onStarted: undefined, crashNext: false };

/** A build handed to the worker, as the console's thread follows it. */
interface Task {
  owner: Db;
  proxy: PgliteProxy | null;
  onProgress: (percent: number) => Promise<void>;
  /** The progress calls in order; the file is handed back once they are done. */
  progress: Promise<void>;
  resolve: (file: ReportFile) => void;
  reject: (error: Error) => void;
}

/** The worker's entry: the bundle beside the server bundle, or the TypeScript source through tsx. */
function workerEntry(): URL {
  if (typeof LIGHTWELL_REPORT_WORKER === 'string') return new URL(LIGHTWELL_REPORT_WORKER);
  return new URL('./report-worker-source.mjs', import.meta.url);
}

/** The process's report worker and the builds in its hands. */
class ReportBuilder {
  private worker: Worker | null = null;
  private readonly tasks = new Map<number, Task>();
  private nextTask = 1;
  private closed: (() => void) | null = null;

  /** Builds a job's file in the worker; `database` says how the worker reaches the job's database. */
  build(
    ctx: ReportBuildContext,
    job: ReportBuildJob,
    database: WorkerDatabase,
    proxy: PgliteProxy | null,
    onProgress: (percent: number) => Promise<void>,
  ): Promise<ReportFile> {
    const worker = this.worker ?? this.start();
    const task = this.nextTask++;
    const { kind, pid, nids, format, language, timeFormat, params } = job;
    const asked: ReportBuildJob = { kind, pid, nids, format, language, timeFormat, params };
    return new Promise<ReportFile>((resolve, reject) => {
      this.tasks.set(task, { owner: ctx.db, proxy, onProgress, progress: Promise.resolve(), resolve, reject });
      if (reportBuilderProbe.crashNext) {
        reportBuilderProbe.crashNext = false;
        worker.postMessage({ type: 'crash' } satisfies ToWorker);
      }
      worker.postMessage({ type: 'build', task, job: asked, now: ctx.now().getTime(), database } satisfies ToWorker);
    });
  }

  /**
   * Gives up the builds in hand for the database `owner` (its console is stopping: each rejects with
   * `ReportBuildStopped`); once no build is left, ends the worker's pools and the worker.
   */
  async stop(owner: Db): Promise<void> {
    for (const [id, task] of this.tasks) {
      if (task.owner === owner) this.settle(id, new ReportBuildStopped());
    }
    const worker = this.worker;
    if (!worker || this.tasks.size > 0) return;
    this.worker = null;
    await new Promise<void>((resolve) => {
      this.closed = resolve;
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'close' } satisfies ToWorker);
    });
    this.closed = null;
    await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(workerEntry(), { resourceLimits: WORKER_HEAP });
    // The worker never keeps the process alive: the server's socket and the jobs' callers do.
    worker.unref();
    worker.on('message', (message: FromWorker) => this.receive(worker, message));
    worker.on('error', (error) => this.lost(worker, `the report worker failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(worker, `the report worker stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  /** The worker stopped: every build in its hands fails with the reason, and the next build starts another. */
  private lost(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const id of [...this.tasks.keys()]) this.settle(id, new Error(reason));
  }

  private receive(worker: Worker, message: FromWorker): void {
    if (message.type === 'closed') {
      this.closed?.();
      return;
    }
    const task = this.tasks.get(message.task);
    if (message.type === 'started') reportBuilderProbe.onStarted?.(message.threadId);
    else if (message.type === 'progress' && task) {
      task.progress = task.progress.then(() => task.onProgress(message.percent));
      // Seen here so that a failed beat is not an unhandled rejection before the file comes; it fails the build then.
      task.progress.catch(() => undefined);
    } else if (message.type === 'done' && task) {
      const file = { data: Buffer.from(message.file.data), mime: message.file.mime, extension: message.file.extension };
      task.progress.then(
        () => this.settle(message.task, null, file),
        (error: unknown) => this.settle(message.task, error instanceof Error ? error : new Error(String(error))),
      );
    } else if (message.type === 'failed') this.settle(message.task, new Error(message.message));
    else if (message.type === 'query' || message.type === 'begin' || message.type === 'end') {
      const { id } = message;
      const answered = task?.proxy
        ? task.proxy.answer(message)
        : Promise.reject(new Error('the report build was stopped'));
      answered.then(
        (result) => worker.postMessage({ type: 'answer', id, result } satisfies ToWorker),
        (error: unknown) =>
          worker.postMessage({
            type: 'answer',
            id,
            error: error instanceof Error ? error.message : String(error),
          } satisfies ToWorker),
      );
    }
  }

  /** Ends a build with its file or its error, and rolls back what its worker left open. */
  private settle(id: number, error: Error | null, file?: ReportFile): void {
    const task = this.tasks.get(id);
    if (!task) return;
    this.tasks.delete(id);
    void task.proxy?.close();
    if (error || !file) task.reject(error ?? new Error('the report worker sent no file'));
    else task.resolve(file);
  }
}

const builder = new ReportBuilder();

/**
 * Builds a job's file off the console's thread: in the report worker, which reaches the database itself on
 * PostgreSQL (a pool of 2 connections) and asks this thread to run its queries on the embedded PGlite. A
 * database not opened by `openDatabase` is built on here. A build whose worker stops fails with the reason.
 */
export function buildReportInWorker(
  ctx: ReportBuildContext,
  job: ReportBuildJob,
  onProgress: (percent: number) => Promise<void>,
): Promise<ReportFile> {
  const source = sourceOf(ctx.db);
  if (!source) return buildReportFile(ctx, job, onProgress);
  if (source.kind === 'pg') return builder.build(ctx, job, { kind: 'pg', url: source.url }, null, onProgress);
  return builder.build(ctx, job, { kind: 'proxy' }, new PgliteProxy(source.client), onProgress);
}

/** Fails the builds in hand for `db` and, once no build is left, ends the report worker (a console stopping). */
export function stopReportWorker(db: Db): Promise<void> {
  return builder.stop(db);
}
