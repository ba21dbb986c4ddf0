// node --import tsx bench/src/command-fleet-memory.ts [gateways] [devices]: memory and connect time of the
// simulator alone, BENCH gateways × devices (default 1000 × 50) in one process against an in-process aedes
// broker (no console), how long a command to every gateway takes to be answered, and the round trip of
// single commands (console → broker → gateway → acks → console) without any database: the share of the
// command round trip that is transport and simulator.
import { createServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { gatewayTopic } from '@lightwell/domain';
import { generateFleet, startSimulator } from '@lightwell/simulator';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';

const gatewayCount = Number(process.argv[2] ?? 1000);
const devicesPerGateway = Number(process.argv[3] ?? 50);
const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;

const broker = await Aedes.createBroker();
const server = createServer((socket) => {
  socket.setNoDelay(true);
  broker.handle(socket);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `mqtt://127.0.0.1:${(server.address() as { port: number }).port}`;

global.gc?.();
const before = process.memoryUsage();
const fleet = generateFleet(gatewayCount, devicesPerGateway, 'mem-gw');
const started = performance.now();
const simulator = await startSimulator({ brokerUrl: url, gateways: fleet, latencyMs: 0, connectConcurrency: 100 });
const connectMs = performance.now() - started;
global.gc?.();
const after = process.memoryUsage();
console.log(
  `${gatewayCount} gateways × ${devicesPerGateway} devices connected in ${(connectMs / 1000).toFixed(1)} s; ` +
    `RSS ${mib(after.rss)} (before ${mib(before.rss)}; ${((after.rss - before.rss) / gatewayCount / 1024).toFixed(0)} KiB per gateway, broker included), heap ${mib(after.heapUsed)}`,
);

// One command to every gateway at once: time until every 'done' ack arrived.
const console_ = await mqtt.connectAsync(url, { clientId: 'bench-console' });
(console_.stream as Socket).setNoDelay(true);
await console_.subscribeAsync('lw/gw/+/ack', { qos: 1 });
let done = 0;
const allDone = new Promise<void>((resolve) =>
  console_.on('message', (_topic, payload) => {
    if ((JSON.parse(payload.toString()) as { state: string }).state === 'done' && ++done === gatewayCount) resolve();
  }),
);
const sent = performance.now();
for (const [i, gateway] of fleet.entries()) {
  void console_.publishAsync(
    gatewayTopic(gateway.sn, 'command'),
    JSON.stringify({
      taskId: i + 1,
      targets: gateway.devices.map((d) => ({ mac: d.mac, address: d.address })),
      action: { op: 'light', onOff: 0, fadeMs: 0 },
      timeoutMs: 30_000,
    }),
    { qos: 1 },
  );
}
await allDone;
console.log(
  `a command to all ${gatewayCount * devicesPerGateway} devices (one per gateway) answered in ${(performance.now() - sent).toFixed(0)} ms; RSS ${mib(process.memoryUsage().rss)}`,
);

// Sequential single-device commands to different gateways: publish → 'done' ack.
const waiting = new Map<number, () => void>();
console_.on('message', (_topic, payload) => {
  const ack = JSON.parse(payload.toString()) as { taskId: number; state: string };
  if (ack.state === 'done') waiting.get(ack.taskId)?.();
});
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const gateway = fleet[(i * 7) % fleet.length]!;
  const taskId = 100_000 + i;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    waiting.set(taskId, resolve);
    void console_.publishAsync(
      gatewayTopic(gateway.sn, 'command'),
      JSON.stringify({
        taskId,
        targets: [{ mac: gateway.devices[0]!.mac, address: gateway.devices[0]!.address }],
        action: { op: 'light', onOff: i % 2, fadeMs: 0 },
        timeoutMs: 30_000,
      }),
      { qos: 1 },
    );
  });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `single-device command, publish → 'done' ack, ${gatewayCount} gateways connected: p50 ${times[100]!.toFixed(1)} ms, p95 ${times[190]!.toFixed(1)} ms`,
);
await console_.endAsync();
await simulator.stop();
await new Promise<void>((resolve) => broker.close(() => resolve()));
server.close();
process.exit(0);
