// npm run bench:telemetry: how fast durable reports are stored. `storeReports` (the drain loop's step) is
// called with batches of 500 `readings` reports (BENCH_DEVICES devices each, 20 by default) from
// BENCH_GATEWAYS gateways (50), each report numbered and every device's counter growing, as the console
// receives them: receipts, raw readings (unnest), counter deltas, hourly and daily rollups, then the
// stored-up-to mark per gateway. Prints reports/s and reading rows/s, the worst batch time and the longest
// the event loop was blocked (PGlite runs each statement on the main thread). PGlite in a temp folder by default;
// BENCH_DATABASE_URL uses PostgreSQL (a scratch database: the bench adds rows to it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ReportMessage } from '@lightwell/domain';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { deviceElements, devices, gateways, networks, users } from '../../apps/server/src/db/schema.ts';
import { createProject } from '../../apps/server/src/services/create-default-project.ts';
import { storeReports } from '../../apps/server/src/telemetry/index.ts';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 50);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BATCH = 500;

const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-telemetry-'));
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
const { db } = database;
const [user] = await db
  .insert(users)
  .values({ name: `Bench ${Date.now()}`, email: `bench-${Date.now()}@example.com`, passwordHash: 'x' })
  .returning({ id: users.id });
const pid = await createProject(db, { uid: user!.id, name: 'Bench', remarks: '', isDefault: true });
const fleet: { gateway: { id: number; nid: number; sn: string }; macs: string[] }[] = [];
for (let g = 0; g < GATEWAYS; g += 1) {
  const [network] = await db
    .insert(networks)
    .values({ pid, name: `bench-${g}`, createdBy: user!.id })
    .returning({ id: networks.id });
  const sn = `bench-tel-${Date.now().toString(36)}-${g}`;
  const [row] = await db
    .insert(gateways)
    .values({ nid: network!.id, sn, name: sn, secretHash: 'x' })
    .returning({ id: gateways.id });
  const macs = Array.from({ length: DEVICES }, (_, d) =>
    `FE${g.toString(16).padStart(4, '0')}${d.toString(16).padStart(6, '0')}`.toUpperCase(),
  );
  const lamps = await db
    .insert(devices)
    .values(
      macs.map((mac, d) => ({
        nid: network!.id,
        gatewayId: row!.id,
        kind: 'luminaire',
        name: mac,
        model: 'B',
        mac,
        address: d + 1,
        ratedPower: 40,
      })),
    )
    .returning({ id: devices.id });
  // D4i drivers: the console counts a `d4i` counter only from an element it knows as D4i.
  await db.insert(deviceElements).values(lamps.map(({ id }) => ({ deviceId: id, index: 0, type: 1, isD4i: true })));
  fleet.push({ gateway: { id: row!.id, nid: network!.id, sn }, macs });
}

const start = Math.floor(Date.now() / 1000) - ROUNDS * 900;
const reports: { gateway: (typeof fleet)[number]['gateway']; report: ReportMessage }[] = [];
for (const { gateway } of fleet) reports.push({ gateway, report: { kind: 'streamStart', seq: 1, at: start } });
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const { gateway, macs } of fleet) {
    reports.push({
      gateway,
      report: {
        kind: 'readings',
        seq: round + 1,
        at: start + round * 900,
        devices: macs.map((mac) => ({
          mac,
          elements: [
            {
              index: 0,
              energy: { raw: 1000 + round * 7, scale: 0, serial: 'B', source: 'd4i' as const },
              onSeconds: 900,
            },
          ],
        })),
      },
    });
  }
}

let worst = 0;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const began = performance.now();
for (let i = 0; i < reports.length; i += BATCH) {
  const byGateway = new Map<number, { gateway: (typeof fleet)[number]['gateway']; reports: ReportMessage[] }>();
  for (const { gateway, report } of reports.slice(i, i + BATCH)) {
    const entry = byGateway.get(gateway.id) ?? { gateway, reports: [] };
    entry.reports.push(report);
    byGateway.set(gateway.id, entry);
  }
  const t0 = performance.now();
  await storeReports(db, [...byGateway.values()], new Date());
  worst = Math.max(worst, performance.now() - t0);
}
const seconds = (performance.now() - began) / 1000;
loop.disable();
const rows = GATEWAYS * DEVICES * ROUNDS;
console.log(
  `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${reports.length} reports (${rows} reading rows) in ${seconds.toFixed(1)} s = ` +
    `${Math.round(reports.length / seconds)} reports/s, ${Math.round(rows / seconds)} rows/s; worst batch of ${BATCH} ${Math.round(worst)} ms, ` +
    `event loop blocked at most ${Math.round(loop.max / 1e6)} ms`,
);
await database.close();
rmSync(dataDir, { recursive: true, force: true });
