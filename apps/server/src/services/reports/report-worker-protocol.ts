import type { ReportFile } from '../../reports/report-file.ts';
import type { FiguresInput, IssuedFileOptions, ReportFigures } from '../report-cycles/render-report.ts';
import type { ReportBuildJob } from './build-report-file.ts';

/*
 * The messages between the console (`report-builder.ts`) and its report worker process (`report-worker.ts`).
 * Each build is a task numbered by the console; what the worker asks of the console (a query on the embedded
 * database) is numbered by the worker and answered by that number.
 */

/**
 * What a task asks of the worker: a report job's file (stored on the job), the figures of a cycle's report,
 * or a file of a cycle's stored figures in a reader's language.
 */
export type WorkerWork =
  | { kind: 'job'; job: ReportBuildJob; store: StoreInto }
  | { kind: 'figures'; input: FiguresInput }
  | { kind: 'issued'; figures: ReportFigures; options: IssuedFileOptions };

/**
 * Where the worker stores a job's file itself: the job and the claim the console holds on it. The file then
 * goes from the worker to the database and never through the console.
 */
interface StoreInto {
  id: number;
  claim: string;
}

/** A file as it crosses the channel: its bytes as a plain typed array. */
export interface SentFile {
  data: Uint8Array;
  mime: string;
  extension: ReportFile['extension'];
}

/** What a task gives back: a file, or a cycle's figures. */
export type WorkerResult =
  | { kind: 'file'; file: SentFile }
  | { kind: 'figures'; figures: ReportFigures }
  /** A job's file stored by the worker (`stored`: false when the claim was no longer the console's). */
  | { kind: 'stored'; stored: boolean };

/** How the worker reaches a task's database: PostgreSQL on a pool of its own, or the console's PGlite. */
export type WorkerDatabase = { kind: 'pg'; url: string } | { kind: 'proxy' };

/** A query the worker asks the console to run on its PGlite, alone or in an open transaction. */
export interface ProxyQuery {
  type: 'query';
  text: string;
  params: unknown[];
  rowMode: 'array' | 'object';
  tx: number | null;
}

/** What the worker asks of the console's database on a task's behalf. */
export type ProxyRequest = ProxyQuery | { type: 'begin' } | { type: 'end'; tx: number; commit: boolean };

/** A message from the console to the worker. */
export type ToWorker =
  | {
      type: 'build';
      task: number;
      work: WorkerWork;
      /** The console's clock when the task was handed over (epoch ms): the worker's clock goes on from it. */
      now: number;
      database: WorkerDatabase;
    }
  | { type: 'answer'; id: number; result?: unknown; error?: string }
  /** A report page opened: load the PDF writer and its fonts ahead of the build likely to come. */
  | { type: 'warm' }
  | { type: 'close' }
  | { type: 'crash' };

/** A message from the worker to the console. */
export type FromWorker =
  | { type: 'started'; task: number; pid: number }
  | { type: 'progress'; task: number; percent: number }
  | ({ task: number; id: number } & ProxyRequest)
  | { type: 'done'; task: number; result: WorkerResult }
  | { type: 'failed'; task: number; message: string }
  | { type: 'closed' };
