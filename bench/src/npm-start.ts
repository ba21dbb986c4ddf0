import { type ChildProcess, spawn } from 'node:child_process';

/** An `npm start` of a bench: its process (the leader of its own group) and what it printed so far. */
export interface NpmStart {
  child: ChildProcess;
  output: () => string;
}

/**
 * Runs `npm start` in `cwd` as a newcomer would, in demo mode on the embedded database and broker, on the
 * ports and data folder given (so it never meets another console), logging JSON at debug level (the start
 * phases and memory lines the benches read). It leads a process group of its own: stop it with
 * `process.kill(-child.pid, 'SIGINT')`, as Ctrl-C would.
 */
export function npmStart(options: { cwd: string; port: number; brokerPort: number; dataDir: string }): NpmStart {
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      MQTT_PORT: String(options.brokerPort),
      MQTT_HOST: '127.0.0.1',
      SIMULATOR_HTTP_PORT: '',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      MQTT_URL: '',
      DEMO: 'true',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
    },
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}
