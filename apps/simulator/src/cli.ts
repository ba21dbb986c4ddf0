// npm start -w @lightwell/simulator -- --broker mqtt://127.0.0.1:18830 (--config fleet.json | --fleet 100x50)
//   [--http http://127.0.0.1:8080] [--latency 20-150] [--control-port 18097] [--report-period 300000] [--quiet]
//   [--scenario morning-burst|reconnect-storm|drop-mid-stream] [--drop-share 0.1] [--seed N]
// `--config -` reads the fleet from standard input (how launch.mjs hands over the console's demo fleet).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededRandom } from '@lightwell/domain';
import { startControlServer } from './control-server.ts';
import { FleetFileSchema, generateFleet, type SimGatewaySpec, startSimulator } from './fleet.ts';
import type { Latency } from './gateway.ts';
import { runScenario, SCENARIOS, type ScenarioName } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    broker: { type: 'string' },
    config: { type: 'string' },
    fleet: { type: 'string' },
    http: { type: 'string' },
    latency: { type: 'string' },
    'control-port': { type: 'string' },
    'report-period': { type: 'string' },
    'state-dir': { type: 'string' },
    history: { type: 'string' },
    'emergency-history': { type: 'string' },
    'write-fleet': { type: 'string' },
    scenario: { type: 'string', multiple: true },
    'drop-share': { type: 'string' },
    seed: { type: 'string' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});

function usage(problem?: string): never {
  if (problem) process.stderr.write(`${problem}\n\n`);
  process.stderr.write(
    [
      'Usage: npm start -w @lightwell/simulator -- --broker mqtt://host:port (--config fleet.json | --fleet 100x50)',
      '  --http URL            console base URL for the mesh-prefix HTTP calls (/SigMesh/...)',
      '  --latency MIN-MAX     device latency in ms (default 20-150; 0 for load tests)',
      '  --control-port PORT   serve GET /state and the control calls on this port',
      '  --report-period MS    consumption report period (default 300000; 0 off)',
      "  --state-dir DIR       keep each gateway's report sequence and replay buffer in DIR across restarts",
      '  --history SPAN        first fill SPAN of past readings (7d, 36h), every 15 minutes, then go on live',
      "  --emergency-history N first send the emergency fittings' self-tests of the last N months",
      '  --write-fleet FILE    with --fleet: write the generated gateways (sn, secret, devices) to FILE',
      '  --config -            read the fleet file from standard input',
      '  --scenario NAME       once connected, run morning-burst, reconnect-storm or drop-mid-stream (repeatable, in order)',
      '  --drop-share SHARE    share of the gateways that drop-mid-stream drops (default 0.1)',
      '  --seed N              seed the reconnect jitter and the scenarios, so a run can be replayed',
      '  --quiet               no per-gateway log lines (connection errors, refused calls)',
      '',
    ].join('\n'),
  );
  process.exit(problem ? 2 : 0);
}

if (values.help) usage();
let file: ReturnType<typeof FleetFileSchema.parse> | undefined;
if (values.config) {
  file = FleetFileSchema.parse(JSON.parse(readFileSync(values.config === '-' ? 0 : values.config, 'utf8')));
}
let gateways: SimGatewaySpec[];
if (values.fleet) {
  const match = /^(\d+)x(\d+)$/.exec(values.fleet);
  if (!match) usage('--fleet wants GATEWAYSxDEVICES, e.g. 100x50');
  gateways = generateFleet(Number(match[1]), Number(match[2]));
  if (values['write-fleet']) writeFileSync(values['write-fleet'], JSON.stringify({ gateways }, null, 2));
} else if (file) {
  gateways = file.gateways;
} else {
  usage('give --config or --fleet');
}
const brokerUrl = values.broker ?? file?.brokerUrl;
if (!brokerUrl) usage('give --broker (or brokerUrl in the config file)');

function parseLatency(text: string | undefined): Latency | undefined {
  if (text === undefined) return file?.latencyMs;
  const [min, max] = text.split('-').map(Number);
  if (min === undefined || Number.isNaN(min)) usage('--latency wants MS or MIN-MAX');
  return max === undefined || Number.isNaN(max) ? min : [min, max];
}

/** A span like 7d or 36h in ms. */
function parseSpan(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([dh])$/.exec(text);
  if (!match) usage('--history wants a span such as 7d or 36h');
  return Number(match[1]) * (match[2] === 'd' ? 86_400_000 : 3_600_000);
}
const historyMs = values.history ? parseSpan(values.history) : (file?.historyDays ?? 0) * 86_400_000;
const emergencyMonths = values['emergency-history']
  ? Number(values['emergency-history'])
  : (file?.emergencyHistoryMonths ?? 0);
if (!Number.isInteger(emergencyMonths) || emergencyMonths < 0 || emergencyMonths > 60) {
  usage('--emergency-history wants a number of months from 1 to 60');
}

/** One line for people: through the launching process when there is one (its stdout is not ours), else stdout. */
function say(text: string): void {
  if (process.send) process.send({ type: 'lightwell:simulator-log', text });
  else process.stdout.write(`${text}\n`);
}

const scenarios = (values.scenario ?? []) as ScenarioName[];
const unknownScenario = scenarios.find((name) => !SCENARIOS.includes(name));
if (unknownScenario) usage(`--scenario wants one of ${SCENARIOS.join(', ')}`);
const dropShare = values['drop-share'] === undefined ? undefined : Number(values['drop-share']);
if (dropShare !== undefined && !(dropShare >= 0 && dropShare <= 1)) usage('--drop-share wants a share from 0 to 1');
const random = values.seed === undefined ? undefined : seededRandom(Number(values.seed));

const started = Date.now();
const simulator = await startSimulator({
  brokerUrl,
  gateways,
  httpUrl: values.http ?? file?.httpUrl,
  latencyMs: parseLatency(values.latency),
  reportPeriodMs: values['report-period'] ? Number(values['report-period']) : file?.reportPeriodMs,
  sensorMeanMs: file?.sensorMeanMs,
  stateDir: values['state-dir'] ?? file?.stateDir,
  random,
  log: values.quiet ? undefined : (message) => process.stderr.write(`${message}\n`),
});
const devices = gateways.reduce((sum, gateway) => sum + gateway.devices.length, 0);
process.stdout.write(
  `${gateways.length} gateways with ${devices} devices connected to ${brokerUrl} in ${Date.now() - started} ms; RSS ${Math.round(process.memoryUsage().rss / 1048576)} MiB\n`,
);
const control = values['control-port'] ? await openControl(Number(values['control-port'])) : null;
if (control) process.stdout.write(`control endpoint: ${control.url}/state\n`);
// Started by launch.mjs: tell it the fleet runs.
process.send?.({
  type: 'lightwell:simulator-ready',
  gateways: [...simulator.gateways.keys()],
  control: control?.url ?? null,
});

if (emergencyMonths > 0) {
  const fill = simulator.fillEmergencyHistory(emergencyMonths);
  say(`simulator: sending ${emergencyMonths} months of emergency self-tests, ${fill.reports} reports`);
}
if (historyMs > 0) fillHistory(historyMs);

/** Fills the history and says when the console has stored all of it (live reports go on meanwhile). */
function fillHistory(spanMs: number): void {
  const begun = Date.now();
  const days = Math.round((spanMs / 86_400_000) * 10) / 10;
  const fill = simulator.fillHistory(spanMs);
  say(
    `simulator: sending ${days} days of history, ${fill.reports} readings reports; the console stores them in the background`,
  );
  const timer = setInterval(() => {
    if (!fill.stored()) return;
    clearInterval(timer);
    const ms = Date.now() - begun;
    say(`simulator: history stored, ${fill.reports} readings reports in ${(ms / 1000).toFixed(1)} s`);
    process.send?.({ type: 'lightwell:simulator-history-stored', reports: fill.reports, ms });
  }, 250);
  timer.unref();
}

/** The control endpoint; a taken port ends the simulator with one plain line. */
async function openControl(port: number) {
  try {
    return await startControlServer(simulator, port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    process.stderr.write(
      `control port ${port} is in use: give --control-port a free port (SIMULATOR_HTTP_PORT for the demo)\n`,
    );
    await simulator.stop();
    process.exit(1);
  }
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await control?.close();
  await simulator.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// The launching process going away ends the simulator too.
process.on('disconnect', () => void shutdown());

/** The scenarios named on the command line, one after the other (after the handlers above, so Ctrl-C stops them). */
async function runScenarios(): Promise<void> {
  for (const name of scenarios) {
    if (stopping) return;
    say(await runScenario(simulator, name, { share: dropShare, random }));
  }
}
void runScenarios();
