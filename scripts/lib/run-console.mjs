// Runs the console server as a child process and, when it reports a demo installation, the demo
// simulator as a process of its own (the server never imports the simulator; docs/decisions.md).
import { spawn } from 'node:child_process';
import { launchSimulator } from '@lightwell/simulator/launch';

/**
 * Starts the server (`node ...nodeArgs`) with an IPC channel. On its ready message, hands it to `onReady`
 * (its `phases`: milliseconds by start step) and, with a demo fleet, launches the simulator (from
 * `simulatorBundle` when given, else its sources) and prints its gateways and status URL under the
 * server's banner. Answers `{ server, stop(signal) }`; `stop` ends both and resolves with the server's exit code.
 */
export function runConsole(nodeArgs, { cwd, env = process.env, simulatorBundle, onReady } = {}) {
  const server = spawn(process.execPath, nodeArgs, { cwd, env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  let simulator = null;
  server.on('message', (message) => {
    if (message?.type === 'lightwell:ready') onReady?.(message);
    if (message?.type !== 'lightwell:ready' || !message.demo) return;
    simulator = launchSimulator({
      fleet: message.demo.fleet,
      controlPort: message.demo.controlPort,
      bundle: simulatorBundle,
    });
    simulator.ready.then(
      ({ gateways, control }) =>
        process.stdout.write(
          `  simulated gateways: ${gateways.join(', ')}${control ? ` (status: ${control}/state)` : ''}\n\n`,
        ),
      (error) => process.stderr.write(`The demo simulator did not start: ${error.message}\n`),
    );
  });
  const exited = new Promise((resolve) =>
    server.once('exit', async (code, signal) => {
      await simulator?.stop();
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
  return {
    server,
    exited,
    async stop(signal = 'SIGTERM') {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
      return exited;
    },
  };
}
