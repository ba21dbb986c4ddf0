// npm run bench:rollup: a month's energy report over many devices, read from the rollups and from the raw
// readings, on the same data. Fills a scratch database with BENCH_DEVICES luminaires (1,000) × BENCH_DAYS days
// (365) of 15-minute counter readings with their deltas (raw rows, monthly partitions on PostgreSQL), generated
// inside PostgreSQL (generate_series, one statement per day, no rows through Node), builds the hourly and daily
// rollups as the console does, then times the report of the last local month (December 2025, Europe/London;
// BENCH_DAYS ≥ 31) both ways: median of BENCH_RUNS (5) after a warm-up. Prints rows, times, the ratio and the
// largest per-device difference in Wh (must be ≤ 1). PostgreSQL on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test); the scratch database is dropped at the end unless BENCH_KEEP=1,
// which keeps it (named by its size) and reuses its readings on the next run. BENCH_FILL_ONLY=1 stops after
// the fill.
import { performance } from 'node:perf_hooks';
import { localMonth } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { ensurePartitions, rowsOf } from '../../apps/server/src/telemetry/write-readings.ts';
import { adminExists, adminQuery, withDatabase } from './scratch-database.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEEP = process.env.BENCH_KEEP === '1';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = KEEP ? `lw_bench_rollup_${DEVICES}x${DAYS}` : `lw_bench_rollup_${process.pid}`;
const ZONE = 'Europe/London';
const END = Date.UTC(2026, 0, 1) / 1000;
const START = END - DAYS * 86_400;

const existing = await adminExists(serverUrl, scratch);
if (!existing) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const database = await openDatabase({ url: withDatabase(serverUrl, scratch), dataDir: 'memory://' });
const { db } = database;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The network, gateway and luminaires, then a day of 15-minute readings per statement. */
async function fill() {
  console.log(
    `Filling ${DEVICES} devices × ${DAYS} days of 15-minute readings (${(DEVICES * DAYS * 96).toLocaleString('en')} rows)…`,
  );
  const began = performance.now();
  await db.execute(sql`INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@example.com', 'x')`);
  await db.execute(sql`INSERT INTO projects (name, created_by) VALUES ('Bench', 1)`);
  await db.execute(sql`INSERT INTO networks (pid, name, created_by, time_zone) VALUES (1, 'Bench', 1, ${ZONE})`);
  await db.execute(sql`INSERT INTO gateways (nid, sn, name, secret_hash) VALUES (1, 'bench-rollup', 'bench', 'x')`);
  // Month partitions first, as the console makes them.
  const months: Date[] = [];
  for (let at = START; at <= END; at += 86_400) months.push(new Date(at * 1000));
  await ensurePartitions(db, months);
  for (let day = 0; day < DAYS; day += 1) {
    const dayStart = START + day * 86_400;
    // Each device's delta in Wh with milliwatt-hour precision, lit in working hours.
    await db.execute(
      sql`INSERT INTO telemetry_readings (gateway_id, seq, device_id, element, at, energy_raw, energy_scale,
            energy_serial, energy_source, energy_status, on_seconds, delta_wh, delta_status)
          SELECT 1, ${day * 96} + q, d, 0, to_timestamp(${dayStart} + q * 900), 0, 0, 'S', 'd4i', NULL,
            CASE WHEN q BETWEEN 28 AND 76 THEN 900 ELSE 0 END,
            round((CASE WHEN q BETWEEN 28 AND 76 THEN 10 * (0.4 + 0.6 * random()) ELSE 0.125 END)::numeric, 3),
            'counted'
          FROM generate_series(1, ${DEVICES}) d, generate_series(1, 96) q`,
    );
    if ((day + 1) % 30 === 0) console.log(`  ${day + 1} days, ${seconds(performance.now() - began)} s`);
  }
  // Devices last: the readings need no device rows, and a run cut short during the fill starts it again.
  await db.execute(
    sql`INSERT INTO devices (nid, gateway_id, kind, name, model, mac, address, rated_power)
        SELECT 1, 1, 'luminaire', 'L' || d, 'B', lpad(to_hex(d), 12, '0'), d, 40 FROM generate_series(1, ${DEVICES}) d`,
  );
  console.log(`  raw readings stored in ${seconds(performance.now() - began)} s`);
}

try {
  const filled = existing && (await rowsOf(db, sql`SELECT 1 FROM devices LIMIT 1`)).length > 0;
  if (!filled) {
    if (existing) await db.execute(sql`TRUNCATE telemetry_readings, users RESTART IDENTITY CASCADE`);
    await fill();
  } else console.log(`Reusing ${scratch}`);
  if (process.env.BENCH_FILL_ONLY !== '1') {
    // Report part: written below.
    console.log(localMonth(2025, 12, ZONE));
  }
} finally {
  await database.close();
  if (!KEEP) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
}
