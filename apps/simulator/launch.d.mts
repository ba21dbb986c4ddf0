import type { ChildProcess } from 'node:child_process';

/** A simulator running in its own process. */
export interface LaunchedSimulator {
  child: ChildProcess;
  /** Resolves once every gateway is connected; rejects when the process ends first. */
  ready: Promise<{ gateways: string[]; control: string | null }>;
  /** Resolves once the console stored the history the fleet asked for (`historyDays`); null when none. */
  historyStored: Promise<{ reports: number; ms: number } | null>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** Runs a fleet (a fleet file's content) in a child process, the fleet sent on its standard input. */
export function launchSimulator(options: {
  fleet: object;
  controlPort?: number | undefined;
  quiet?: boolean;
  stdout?: 'inherit' | 'ignore';
  /** Where the simulator's lines for people go (history started / stored); default standard output. */
  say?: (line: string) => void;
  /** The built simulator (`ensureSimulatorBuilt` of scripts/lib/builds.mjs) to run instead of the sources. */
  bundle?: string | undefined;
}): LaunchedSimulator;
