import { type ChildProcess, fork } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sourceOf } from '../../db/client.ts';
import type { ReportFile } from '../../reports/report-file.ts';
import type { FiguresInput, IssuedFileOptions, ReportFigures } from '../report-cycles/render-report.ts';
import type { ReportBuildContext, ReportBuildJob } from './build-report-file.ts';
import { PgliteProxy } from './pglite-proxy.ts';
import type {
  FromWorker,
  SentFile,
  ToWorker,
  WorkerDatabase,
  WorkerResult,
  WorkerWork,
} from './report-worker-protocol.ts';
import { doWorkerWork } from './worker-work.ts';

/*
 * Builds report files in one report worker per console: a child process (`report-worker.ts`), started with
 * the first report and again after it stopped or was idle for a minute, so building a large file never holds
 * the thread that answers the pages, its memory is never the console's, and an idle console keeps none of
 * it. Claims, heartbeats and the job's row stay with the caller (`run-report-jobs.ts`).
 */

/** The worker bundle's file URL, set when the server bundle is built (scripts/lib/builds.mjs); unset in source. */
declare const LIGHTWELL_REPORT_WORKER: string | undefined;

/** The most the worker's old generation may hold (MB): a build that needs more fails, the console stays. */
const WORKER_HEAP_MB = 192;

/** A build given up because its console is stopping: its job goes back to the queue for another process. */
export class ReportBuildStopped extends Error {
  constructor() {
    super('the console stopped while the report was built');
  }
}

/** How long the worker stays without a build before it is ended, its memory given back to the system. */
const IDLE_MS = 60_000;

/** What the console's tests see of the worker: which thread built a file, a worker made to stop, its idle end. */
export const reportBuilderProbe: {
  /** Told the worker's process id as each build starts in it. */
  onStarted: ((pid: number) => void) | undefined;
  /** Makes the worker stop (as a fault would) as the next build is handed to it. */
  crashNext: boolean;
  /** Told when a worker was ended for being idle. */
  onIdleEnd: (() => void) | undefined;
  /** Told the process id of each worker as it is started. */
  onSpawned: ((pid: number) => void) | undefined;
  /** Told what a report job's build gave back: `stored` when the worker stored the file itself. */
  onResult: ((kind: WorkerResult['kind']) => void) | undefined;
  /** The idle time after which the worker is ended (`IDLE_MS` unless a test sets it). */
  idleMs: number;
} = {
  onStarted: undefined,
  crashNext: false,
  onIdleEnd: undefined,
  onSpawned: undefined,
  onResult: undefined,
  idleMs: IDLE_MS,
};

/** A build handed to the worker, as the console's thread follows it. */
interface Task {
  owner: Db;
  proxy: PgliteProxy | null;
  onProgress: (percent: number) => Promise<void>;
  /** The progress calls in order; the file is handed back once they are done. */
  progress: Promise<void>;
  resolve: (result: WorkerResult) => void;
  reject: (error: Error) => void;
}

/** The worker's entry and Node.js options: the bundle beside the server bundle, or the TypeScript source through tsx. */
function workerEntry(): { path: string; execArgv: string[] } {
  const heap = `--max-old-space-size=${WORKER_HEAP_MB}`;
  if (typeof LIGHTWELL_REPORT_WORKER === 'string') {
    return { path: fileURLToPath(LIGHTWELL_REPORT_WORKER), execArgv: [heap] };
  }
  return { path: fileURLToPath(new URL('./report-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx', heap] };
}

/** What a build in the worker needs of the console: its database, clock and settings (the worker's nice value). */
type WorkerBuildContext = ReportBuildContext & Pick<AppContext, 'config'>;

/** The process's report worker and the builds in its hands. */
class ReportBuilder {
  private worker: ChildProcess | null = null;
  private readonly tasks = new Map<number, Task>();
  private nextTask = 1;
  private closed: (() => void) | null = null;
  private idle: NodeJS.Timeout | null = null;

  /** Does a task in the worker; `database` says how the worker reaches the task's database. */
  build(
    ctx: WorkerBuildContext,
    asked: WorkerWork,
    database: WorkerDatabase,
    proxy: PgliteProxy | null,
    onProgress: (percent: number) => Promise<void>,
  ): Promise<WorkerResult> {
    this.wake();
    const worker = this.worker ?? this.start(ctx.config.reportWorkerNice);
    // While it holds a build, the worker's channel keeps the console's process alive.
    worker.channel?.ref();
    const task = this.nextTask++;
    return new Promise<WorkerResult>((resolve, reject) => {
      this.tasks.set(task, { owner: ctx.db, proxy, onProgress, progress: Promise.resolve(), resolve, reject });
      if (reportBuilderProbe.crashNext) {
        reportBuilderProbe.crashNext = false;
        worker.send({ type: 'crash' } satisfies ToWorker);
      }
      worker.send({ type: 'build', task, work: asked, now: ctx.now().getTime(), database } satisfies ToWorker);
    });
  }

  /**
   * Starts the worker ahead of a build, loading the PDF writer, or keeps an idle one for another `idleMs`; a
   * worker with builds in hand is left as it is.
   */
  warm(nice: number): void {
    if (this.tasks.size > 0) return;
    if (!this.worker) this.start(nice).send({ type: 'warm' } satisfies ToWorker);
    this.rest();
  }

  /**
   * Gives up the builds in hand for the database `owner` (its console is stopping: each rejects with
   * `ReportBuildStopped`); once no build is left, ends the worker's pools and the worker.
   */
  async stop(owner: Db): Promise<void> {
    for (const [id, task] of this.tasks) {
      if (task.owner === owner) this.settle(id, new ReportBuildStopped());
    }
    if (this.tasks.size === 0) await this.end();
  }

  /** Ends the worker, its pools first; the next build starts another. */
  private async end(): Promise<void> {
    this.wake();
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    if (worker.exitCode === null && worker.signalCode === null && worker.connected) {
      await new Promise<void>((resolve) => {
        this.closed = resolve;
        worker.once('exit', () => resolve());
        worker.send({ type: 'close' } satisfies ToWorker);
      });
    }
    this.closed = null;
    if (worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill();
      await exited;
    }
  }

  /** A build comes, or the worker ends: no idle end is due. */
  private wake(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  /** The last build is done: the worker is ended once it stayed without one for `idleMs`. */
  private rest(): void {
    this.wake();
    if (!this.worker) return;
    this.worker.channel?.unref();
    this.idle = setTimeout(() => {
      this.idle = null;
      if (this.tasks.size > 0) return;
      void this.end().then(() => reportBuilderProbe.onIdleEnd?.());
    }, reportBuilderProbe.idleMs);
    this.idle.unref();
  }

  /** Starts the worker `nice` steps below the console's priority (REPORT_WORKER_NICE of the console that asks first). */
  private start(nice: number): ChildProcess {
    const { path, execArgv } = workerEntry();
    // Structured clone over the channel: the file's bytes and PGlite's answers keep their types.
    const worker = fork(path, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The builds yield the cores to the console's pages: niced at once, before Node.js starts the worker's
    // other threads (the collector's, the thread pool), which take its priority. Where it is not allowed,
    // the worker runs at the console's priority.
    try {
      if (worker.pid !== undefined && nice !== 0) setPriority(worker.pid, Math.min(19, getPriority() + nice));
    } catch {
      // No right to change the priority.
    }
    // An idle worker never keeps the console's process alive: the server's socket and the jobs' callers do.
    worker.unref();
    if (worker.pid !== undefined) reportBuilderProbe.onSpawned?.(worker.pid);
    worker.on('message', (message: FromWorker) => this.receive(worker, message));
    worker.on('error', (error) => this.lost(worker, `the report worker failed: ${error.message}`));
    worker.on('exit', (code, signal) =>
      this.lost(worker, `the report worker stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`),
    );
    this.worker = worker;
    return worker;
  }

  /** The worker stopped: every build in its hands fails with the reason, and the next build starts another. */
  private lost(worker: ChildProcess, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const id of [...this.tasks.keys()]) this.settle(id, new Error(reason));
  }

  private receive(worker: ChildProcess, message: FromWorker): void {
    if (message.type === 'closed') {
      this.closed?.();
      return;
    }
    const task = this.tasks.get(message.task);
    if (message.type === 'started') reportBuilderProbe.onStarted?.(message.pid);
    else if (message.type === 'progress' && task) {
      task.progress = task.progress.then(() => task.onProgress(message.percent));
      // Seen here so that a failed beat is not an unhandled rejection before the file comes; it fails the build then.
      task.progress.catch(() => undefined);
    } else if (message.type === 'done' && task) {
      const { result } = message;
      task.progress.then(
        () => this.settle(message.task, null, result),
        (error: unknown) => this.settle(message.task, error instanceof Error ? error : new Error(String(error))),
      );
    } else if (message.type === 'failed') this.settle(message.task, new Error(message.message));
    else if (message.type === 'query' || message.type === 'begin' || message.type === 'end') {
      const { id } = message;
      const answered = task?.proxy
        ? task.proxy.answer(message)
        : Promise.reject(new Error('the report build was stopped'));
      answered.then(
        (result) => worker.connected && worker.send({ type: 'answer', id, result } satisfies ToWorker),
        (error: unknown) =>
          worker.connected &&
          worker.send({
            type: 'answer',
            id,
            error: error instanceof Error ? error.message : String(error),
          } satisfies ToWorker),
      );
    }
  }

  /** Ends a task with what it made or its error, and rolls back what its worker left open. */
  private settle(id: number, error: Error | null, result?: WorkerResult): void {
    const task = this.tasks.get(id);
    if (!task) return;
    this.tasks.delete(id);
    void task.proxy?.close();
    if (error || !result) task.reject(error ?? new Error('the report worker sent nothing'));
    else task.resolve(result);
    if (this.tasks.size === 0) this.rest();
  }
}

const builder = new ReportBuilder();

/**
 * Does a task off the console's thread: in the report worker, which reaches the database itself on
 * PostgreSQL (a pool of 2 connections) and asks this thread to run its queries on the embedded PGlite. A
 * database not opened by `openDatabase` is worked on here. A task whose worker stops fails with the reason.
 */
function inWorker(
  ctx: WorkerBuildContext,
  work: WorkerWork,
  onProgress: (percent: number) => Promise<void> = async () => undefined,
): Promise<WorkerResult> {
  const source = sourceOf(ctx.db);
  if (!source) return doWorkerWork(ctx, work, onProgress);
  if (source.kind === 'pg') return builder.build(ctx, work, { kind: 'pg', url: source.url }, null, onProgress);
  return builder.build(ctx, work, { kind: 'proxy' }, new PgliteProxy(source.client), onProgress);
}

/** A file as the worker sent it, its bytes a Buffer over the same memory. */
function fileOf(result: WorkerResult): ReportFile {
  if (result.kind !== 'file') throw new Error('the report worker sent figures where a file was asked for');
  const { data, mime, extension }: SentFile = result.file;
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), mime, extension };
}

/**
 * Builds a claimed report job's file in the report worker, which stores it on the job itself
 * (`storeReportFile`), so the file never passes through the console; `onProgress` is told the per cent
 * done. Answers false when the claim `claim` was no longer the console's.
 */
export async function buildAndStoreReport(
  ctx: WorkerBuildContext,
  job: ReportBuildJob & { id: number },
  claim: string,
  onProgress: (percent: number) => Promise<void>,
): Promise<boolean> {
  const { kind, pid, nids, format, language, timeFormat, params } = job;
  const asked: ReportBuildJob = { kind, pid, nids, format, language, timeFormat, params };
  const result = await inWorker(ctx, { kind: 'job', job: asked, store: { id: job.id, claim } }, onProgress);
  reportBuilderProbe.onResult?.(result.kind);
  if (result.kind !== 'stored') throw new Error('the report worker sent no stored file');
  return result.stored;
}

/** Computes the figures of a cycle's report in the report worker (`computeReportFigures`). */
export async function computeFiguresInWorker(ctx: WorkerBuildContext, input: FiguresInput): Promise<ReportFigures> {
  const result = await inWorker(ctx, { kind: 'figures', input });
  if (result.kind !== 'figures') throw new Error('the report worker sent a file where figures were asked for');
  return result.figures;
}

/** Writes a file of a cycle's stored figures in the report worker (`writeReportFile`). */
export async function writeIssuedFileInWorker(
  ctx: WorkerBuildContext,
  figures: ReportFigures,
  options: IssuedFileOptions,
): Promise<ReportFile> {
  return fileOf(await inWorker(ctx, { kind: 'issued', figures, options }));
}

/**
 * A report page opened (its list was asked for): the report worker is started now, or kept, so that the
 * report the reader asks for next does not wait for the worker's start and the PDF writer's loading (about
 * 1.5 s of a monthly PDF). Ended again after a minute without a build, as after one.
 */
export function warmReportWorker(ctx: WorkerBuildContext): void {
  if (sourceOf(ctx.db)) builder.warm(ctx.config.reportWorkerNice);
}

/** Fails the builds in hand for `db` and, once no build is left, ends the report worker (a console stopping). */
export function stopReportWorker(db: Db): Promise<void> {
  return builder.stop(db);
}
