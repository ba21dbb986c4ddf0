// npm run bench:simulator [-- gateways devices]: the simulator alone, 1,000 gateways × 50 devices (default) in
// one process against a Mosquitto of its own on a free port (started and stopped here), with the scripted
// scenarios: time to connect all, RSS and CPU seconds, messages per second while reporting and during the
// morning burst, and how long a reconnect storm and a drop mid-stream take. A `mosquitto_sub` process counts
// what reaches the broker, so the simulator's CPU figures are its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '@lightwell/domain';
import { dropMidStream, generateFleet, morningBurst, reconnectStorm, startSimulator } from '@lightwell/simulator';

const gatewayCount = Number(process.argv[2] ?? 1000);
const devicesPerGateway = Number(process.argv[3] ?? 50);
const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) of this process since `from` (a `process.cpuUsage()`). */
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
const folder = mkdtempSync(join(tmpdir(), 'lw-sim-scale-'));
const config = join(folder, 'mosquitto.conf');
// The limits of bench/mosquitto.conf: a thousand gateways and a subscriber that takes every message.
writeFileSync(
  config,
  [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'persistence false',
    'set_tcp_nodelay true',
    'max_inflight_messages 1000',
    'max_queued_messages 200000',
  ].join('\n'),
);
const children: ChildProcess[] = [];
const mosquitto = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
children.push(mosquitto);
await waitForPort(port);
const url = `mqtt://127.0.0.1:${port}`;

// Every message on the gateways' state and report topics, counted by a process of its own.
const counts = { state: 0, report: 0, status: 0 };
const subscriber = spawn(
  'mosquitto_sub',
  [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-q',
    '1',
    '-v',
    '-t',
    'lw/gw/+/state',
    '-t',
    'lw/gw/+/report',
    '-t',
    'lw/gw/+/status',
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
children.push(subscriber);
let partial = '';
subscriber.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
  const lines = (partial + chunk).split('\n');
  partial = lines.pop()!;
  for (const line of lines) {
    const channel = line.slice(0, line.indexOf(' ')).split('/')[3] as keyof typeof counts;
    if (channel in counts) counts[channel] += 1;
  }
});
await sleep(300);
const total = () => counts.state + counts.report;

try {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const cpuStart = process.cpuUsage();
  const fleet = generateFleet(gatewayCount, devicesPerGateway, 'scale-gw');
  const started = performance.now();
  const simulator = await startSimulator({
    brokerUrl: url,
    gateways: fleet,
    latencyMs: 0,
    connectConcurrency: 100,
    reportPeriodMs: 60_000,
    random: seededRandom(1),
  });
  const connectMs = performance.now() - started;
  const connected = () => simulator.snapshot().filter((gateway) => gateway.connection === 'online').length;
  global.gc?.();
  const rss = process.memoryUsage().rss;
  console.log(
    `${connected()}/${gatewayCount} gateways × ${devicesPerGateway} devices connected in ${(connectMs / 1000).toFixed(1)} s ` +
      `(${cpuSeconds(cpuStart).toFixed(1)} CPU s); RSS ${mib(rss)} (before ${mib(before)}; ` +
      `${((rss - before) / gatewayCount / 1024).toFixed(0)} KiB per gateway), heap ${mib(process.memoryUsage().heapUsed)}`,
  );

  // Steady reporting: readings every minute per gateway (spread), sensors, emergency reports.
  const steadyCpu = process.cpuUsage();
  const steadyFrom = total();
  await sleep(20_000);
  console.log(
    `reporting, 20 s: ${((total() - steadyFrom) / 20).toFixed(0)} messages/s, CPU ${(cpuSeconds(steadyCpu) / 20).toFixed(2)} s/s, RSS ${mib(process.memoryUsage().rss)}`,
  );

  const burstCpu = process.cpuUsage();
  const burstFrom = counts.state;
  const burstStart = performance.now();
  const burst = morningBurst(simulator);
  while (counts.state - burstFrom < burst.devices) await sleep(20);
  const burstMs = performance.now() - burstStart;
  console.log(
    `morning-burst: ${burst.devices} state messages from ${burst.meshes} gateways in ${(burstMs / 1000).toFixed(2)} s ` +
      `(${Math.round(burst.devices / (burstMs / 1000))} messages/s), CPU ${cpuSeconds(burstCpu).toFixed(1)} s, RSS ${mib(process.memoryUsage().rss)}`,
  );

  const stormCpu = process.cpuUsage();
  const storm = await reconnectStorm(simulator, { withinMs: 10_000, random: seededRandom(2) });
  console.log(
    `reconnect-storm: ${storm.gateways} gateways dropped, all back in ${(storm.ms / 1000).toFixed(1)} s (window 10 s), ` +
      `${connected()} online, CPU ${cpuSeconds(stormCpu).toFixed(1)} s, RSS ${mib(process.memoryUsage().rss)}`,
  );

  const dropCpu = process.cpuUsage();
  const dropStart = performance.now();
  const dropped = await dropMidStream(simulator, { share: 0.1, reports: 10, offlineMs: 1000, random: seededRandom(3) });
  console.log(
    `drop-mid-stream: ${dropped.length} gateways dropped after 5 of 10 readings reports, back and replaying in ` +
      `${((performance.now() - dropStart) / 1000).toFixed(1)} s, CPU ${cpuSeconds(dropCpu).toFixed(1)} s`,
  );
  global.gc?.();
  const end = process.memoryUsage();
  console.log(
    `total CPU ${cpuSeconds(cpuStart).toFixed(1)} s; at the end RSS ${mib(end.rss)}, heap after GC ${mib(end.heapUsed)} ` +
      `(${connected()} online; ${counts.report} reports, ${counts.state} state and ${counts.status} presence messages seen)`,
  );
  await simulator.stop();
} finally {
  for (const child of children) child.kill();
  rmSync(folder, { recursive: true, force: true });
}
process.exit(0);

/** Resolves once something listens on `port` (Mosquitto starting). */
async function waitForPort(target: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(target, '127.0.0.1', () => socket.close(() => resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`mosquitto did not listen on ${target}`);
}
