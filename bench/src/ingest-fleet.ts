// Child process of ingest.ts: runs the simulated gateways of a fleet file against the console's broker and
// keeps, per gateway, one line per reading of every numbered report it produced (sn:seq:mac:element:raw).
// Messages on stdin (one JSON per line): {"stop": true} stops producing, waits until the console confirmed
// every report, and answers the lines' count and SHA-256 (sorted) on stdout, with the emergency test results
// the fittings reported (`resultLines`, sn:seq:mac:kind:startedAt). Progress lines are printed every second:
// {"produced": readings, "confirmed": readings confirmed, "reports": reports, "results": test results}.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { type NumberedReport, SimGateway, type SimGatewaySpec, Ticker } from '@lightwell/simulator';

const [file, brokerUrl, periodMs] = process.argv.slice(2) as [string, string, string];
const specs = JSON.parse(readFileSync(file, 'utf8')) as SimGatewaySpec[];
const ticker = new Ticker(200, 1000);
/** Per gateway: each readings report's number and reading count, in order. */
const produced = new Map<string, { seq: number; n: number }[]>();
const lines: string[] = [];
/** One line per emergency test result reported (its report's number, the fitting, the test). */
const resultLines: string[] = [];
const lastSeq = new Map<string, number>();
const sims: SimGateway[] = [];
function keep(sn: string, list: { seq: number; n: number }[], report: NumberedReport) {
  lastSeq.set(sn, report.seq);
  if (report.kind === 'emergency' && report.test) {
    resultLines.push(`${sn}:${report.seq}:${report.mac}:${report.test.kind}:${report.test.startedAt}`);
  }
  if (report.kind !== 'readings') return;
  let n = 0;
  for (const device of report.devices) {
    for (const e of device.elements) {
      lines.push(`${sn}:${report.seq}:${device.mac}:${e.index}:${e.energy?.raw ?? '-'}`);
      n += 1;
    }
  }
  list.push({ seq: report.seq, n });
}
for (const spec of specs) {
  const list: { seq: number; n: number }[] = [];
  produced.set(spec.sn, list);
  const sim = new SimGateway({
    sn: spec.sn,
    secret: spec.secret,
    brokerUrl,
    ticker,
    devices: spec.devices,
    reportPeriodMs: 0,
    sensorMeanMs: 0,
    latencyMs: 0,
    reconnect: { minMs: 500, maxMs: 5000 },
    onReport: (report) => keep(spec.sn, list, report),
  });
  sims.push(sim);
}
// Connect in waves, as a real fleet comes up (and as the console's broker can take them).
for (let i = 0; i < sims.length; i += 50) {
  const wave = sims.slice(i, i + 50);
  for (const sim of wave) sim.start();
  await Promise.all(wave.map((sim) => sim.whenConnected()));
}
// The console's process ended (or failed): nothing left to report to.
process.stdout.on('error', () => process.exit(1));
const say = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
say({ connected: sims.length });

function progress() {
  let readings = 0;
  let confirmed = 0;
  let reports = 0;
  for (const sim of sims) {
    const list = produced.get(sim.sn)!;
    reports += list.length;
    const upTo = sim.reports.confirmed;
    for (const { seq, n } of list) {
      readings += n;
      if (seq <= upTo) confirmed += n;
    }
  }
  return { produced: readings, confirmed, reports, results: resultLines.length };
}
const timer = setInterval(() => say(progress()), 1000);

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line) as { start?: boolean; stop?: boolean };
  if (message.start) for (const sim of sims) sim.setReportPeriod(Number(periodMs));
  if (!message.stop) continue;
  for (const sim of sims) sim.setReportPeriod(0);
  const last = new Map(lastSeq);
  while (!sims.every((sim) => sim.reports.confirmed >= (last.get(sim.sn) ?? 0))) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  clearInterval(timer);
  lines.sort();
  const sha = createHash('sha256').update(lines.join('\n')).digest('hex');
  say({ done: true, lines: lines.length, sha, ...progress(), resultLines });
  for (const sim of sims) await sim.stop();
  process.exit(0);
}
