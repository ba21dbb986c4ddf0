// The simulator as a process of its own, for the scripts that start the console (scripts/start.mjs,
// scripts/dev.mjs, the e2e setup). Plain JavaScript, so a script can use it without a TypeScript loader.
import { spawn } from 'node:child_process';

const here = new URL('.', import.meta.url).pathname;

/**
 * Runs a fleet (a fleet file's content, see README.md) in a child process: `src/cli.ts --config -` with
 * the fleet on its standard input, so secrets never touch the disk; with `bundle` (the built simulator,
 * `ensureSimulatorBuilt` of scripts/lib/builds.mjs) that file instead of the sources through tsx. `ready` resolves with the gateways'
 * serial numbers and the control endpoint's URL once every gateway is connected, and rejects if the
 * process ends first. `stop()` ends it and resolves when it has ended.
 *
 * Lines the simulator has for people (the history filling, and when it is stored) go to `say` (default
 * standard output). `historyStored` resolves with `{reports, ms}` once the console stored the history the
 * fleet asked for (`historyDays`), at once with null when it asked for none.
 *
 * @param {{ fleet: object, controlPort?: number, quiet?: boolean, stdout?: 'inherit' | 'ignore', say?: (line: string) => void, bundle?: string }} options
 */
export function launchSimulator({
  fleet,
  controlPort,
  quiet = true,
  stdout = 'ignore',
  say = (line) => process.stdout.write(`${line}\n`),
  bundle,
}) {
  const args = [...(bundle ? [bundle] : ['--import', 'tsx', 'src/cli.ts']), '--config', '-'];
  if (controlPort !== undefined) args.push('--control-port', String(controlPort));
  if (quiet) args.push('--quiet');
  const child = spawn(process.execPath, args, { cwd: here, stdio: ['pipe', stdout, 'inherit', 'ipc'] });
  child.stdin.end(JSON.stringify(fleet));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message?.type === 'lightwell:simulator-log') say(message.text);
      if (message?.type === 'lightwell:simulator-ready')
        resolve({ gateways: message.gateways, control: message.control });
    });
    exited.then(({ code, signal }) => reject(new Error(`the simulator ended (${signal ?? `exit code ${code}`})`)));
  });
  ready.catch(() => undefined);
  const historyStored = fleet.historyDays
    ? new Promise((resolve, reject) => {
        child.on('message', (message) => {
          if (message?.type === 'lightwell:simulator-history-stored')
            resolve({ reports: message.reports, ms: message.ms });
        });
        exited.then(() => reject(new Error('the simulator ended before its history was stored')));
      })
    : Promise.resolve(null);
  historyStored.catch(() => undefined);
  return {
    child,
    ready,
    historyStored,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
