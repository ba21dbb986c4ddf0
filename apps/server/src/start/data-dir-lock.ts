import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StartFailure } from './start-failure.ts';

/**
 * Whether a Node.js process with this id runs on this machine. The command line is checked where /proc
 * tells it, so that a restarted container, whose other processes may have taken the old id, is not held up.
 */
function isRunningConsole(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return /node/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Takes the data folder for this process: the embedded database is a single-writer store, and a second
 * console on the same folder would corrupt it. A lock left by a process that no longer runs is taken
 * over. Answers the release; throws a StartFailure naming DATA_DIR when another console holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'console.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = readFileSync(path, 'utf8');
      const holder = Number.parseInt(text, 10);
      // An empty lock is being written by a console starting at this very moment.
      if (text === '' || (holder !== process.pid && isRunningConsole(holder))) {
        throw new StartFailure(
          `DATA_DIR ${dataDir} is in use by another console (process ${holder || 'starting'}): stop it, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new StartFailure(`DATA_DIR ${dataDir}: cannot take ${path}; remove it when no console runs.`);
}
