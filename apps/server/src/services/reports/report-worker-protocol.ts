import type { ReportFile } from '../../reports/report-file.ts';
import type { FiguresInput, IssuedFileOptions, ReportFigures } from '../report-cycles/render-report.ts';
import type { ReportBuildJob } from './build-report-file.ts';

/*
 * The messages between the console (`report-builder.ts`) and its report worker process (`report-worker.ts`).
 * Each build is a task numbered by the console; what the worker asks of the console (a query on the embedded
 * database) is numbered by the worker and answered by that number.
 */

/**
 * What a task asks of the worker: a report job's file, the figures of a cycle's report, or a file of a cycle's
 * stored figures in a reader's language.
 */
export type WorkerWork =
  | { kind: 'job'; job: ReportBuildJob }
  | { kind: 'figures'; input: FiguresInput }
  | { kind: 'issued'; figures: ReportFigures; options: IssuedFileOptions };

/** A file as it crosses the channel: its bytes as a plain typed array. */
export interface SentFile {
  data: Uint8Array;
  mime: string;
  extension: ReportFile['extension'];
}

/** What a task gives back: a file, or a cycle's figures. */
export type WorkerResult = { kind: 'file'; file: SentFile } | { kind: 'figures'; figures: ReportFigures };

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
      /** The console's clock when the build was handed over (epoch ms): the report's "now". */
      now: number;
      database: WorkerDatabase;
    }
  | { type: 'answer'; id: number; result?: unknown; error?: string }
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
