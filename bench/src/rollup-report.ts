// npm run bench:rollup: a month's energy report over many devices, read from the hourly rollups and from the
// raw readings, on the same data. Fills a scratch database with BENCH_DEVICES luminaires (1,000) × BENCH_DAYS
// days (365) of 15-minute counter readings with their deltas (raw rows, monthly partitions on PostgreSQL),
// builds the hourly and daily rollups as the console does (the hour, and the local date, of the instant before
// each reading), then times the report
// of the last local month (December 2025, Europe/London; BENCH_DAYS ≥ 31) per device both ways: median of BENCH_RUNS (5) after a warm-up. Prints
// rows, times, the ratio and the largest per-device difference in Wh (must be ≤ 1). PostgreSQL on
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, a scratch database dropped at the end).
import { performance } from 'node:perf_hooks';
import { localMonth } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/telemetry/write-readings.ts';
import { adminQuery, withDatabase } from './scratch-database.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = `lw_bench_rollup_${process.pid}`;
const ZONE = 'Europe/London';

await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const database = await openDatabase({ url: withDatabase(serverUrl, scratch), dataDir: 'memory://' });
const { db } = database;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

try {
  const end = Date.UTC(2026, 0, 1) / 1000;
  const start = end - DAYS * 86_400;
  console.log(
    `Filling ${DEVICES} devices × ${DAYS} days of 15-minute readings (${(DEVICES * DAYS * 96).toLocaleString('en')} rows)…`,
  );
  let began = performance.now();
  await db.execute(sql`INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@example.com', 'x')`);
  await db.execute(sql`INSERT INTO projects (name, created_by) VALUES ('Bench', 1)`);
  await db.execute(sql`INSERT INTO networks (pid, name, created_by, time_zone) VALUES (1, 'Bench', 1, ${ZONE})`);
  await db.execute(sql`INSERT INTO gateways (nid, sn, name, secret_hash) VALUES (1, 'bench-rollup', 'bench', 'x')`);
  await db.execute(
    sql`INSERT INTO devices (nid, gateway_id, kind, name, model, mac, address, rated_power)
        SELECT 1, 1, 'luminaire', 'L' || d, 'B', lpad(to_hex(d), 12, '0'), d, 40 FROM generate_series(1, ${DEVICES}) d`,
  );
  // Month partitions first (the console makes them on demand).
  for (let month = new Date(start * 1000); month.getTime() / 1000 < end + 31 * 86_400; ) {
    const from = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1));
    const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    const name = `telemetry_readings_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
    await db.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF telemetry_readings
               FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`),
    );
    month = to;
  }
  // A day at a time: each device's delta in Wh with milliwatt-hour precision, lit in working hours.
  for (let day = 0; day < DAYS; day += 1) {
    const dayStart = start + day * 86_400;
    await db.execute(
      sql`INSERT INTO telemetry_readings (gateway_id, seq, device_id, element, at, energy_raw, energy_scale,
            energy_serial, energy_source, energy_status, on_seconds, delta_wh, delta_status)
          SELECT 1, ${day * 96} + q, d, 0, to_timestamp(${dayStart} + q * 900), 0, 0, 'S', 'd4i', NULL,
            CASE WHEN q BETWEEN 28 AND 76 THEN 900 ELSE 0 END,
            round((CASE WHEN q BETWEEN 28 AND 76 THEN 10 * (0.4 + 0.6 * random()) ELSE 0.125 END)::numeric, 3),
            'counted'
          FROM generate_series(1, ${DEVICES}) d, generate_series(1, 96) q`,
    );
    if ((day + 1) % 30 === 0) process.stdout.write(`  ${day + 1} days\n`);
  }
  console.log(`  raw readings stored in ${seconds(performance.now() - began)} s`);
  began = performance.now();
  await db.execute(
    sql`INSERT INTO telemetry_hourly (device_id, hour, energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds,
          triggers, occupied_seconds, readings)
        SELECT device_id, date_trunc('hour', at - interval '1 millisecond'),
          sum(delta_wh) FILTER (WHERE delta_status = 'counted'),
          sum(delta_wh) FILTER (WHERE delta_status = 'counted' AND energy_source = 'd4i'), 0, 0,
          sum(on_seconds), 0, 0, count(*)
        FROM telemetry_readings GROUP BY 1, 2`,
  );
  await db.execute(
    sql`INSERT INTO telemetry_daily (device_id, day, energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds,
          triggers, occupied_seconds, readings)
        SELECT device_id, ((at - interval '1 millisecond') AT TIME ZONE ${ZONE})::date,
          sum(delta_wh) FILTER (WHERE delta_status = 'counted'),
          sum(delta_wh) FILTER (WHERE delta_status = 'counted' AND energy_source = 'd4i'), 0, 0,
          sum(on_seconds), 0, 0, count(*)
        FROM telemetry_readings GROUP BY 1, 2`,
  );
  await db.execute(sql`ANALYZE`);
  console.log(`  hourly and daily rollups built in ${seconds(performance.now() - began)} s`);

  // The last month of the data (it ends on 1 January 2026).
  const month = localMonth(2025, 12, ZONE);
  const fromRaw = () =>
    rowsOf<{ device_id: number; wh: string }>(
      db,
      sql`SELECT device_id, sum(delta_wh) AS wh FROM telemetry_readings
          WHERE at > to_timestamp(${month.start}) AND at <= to_timestamp(${month.end}) AND delta_status = 'counted'
          GROUP BY device_id`,
    );
  const fromRollups = () =>
    rowsOf<{ device_id: number; wh: string }>(
      db,
      sql`SELECT device_id, sum(energy_wh) AS wh FROM telemetry_hourly
          WHERE hour >= to_timestamp(${month.start}) AND hour < to_timestamp(${month.end})
          GROUP BY device_id`,
    );
  const fromDaily = () =>
    rowsOf<{ device_id: number; wh: string }>(
      db,
      sql`SELECT device_id, sum(energy_wh) AS wh FROM telemetry_daily
          WHERE day >= '2025-12-01' AND day < '2026-01-01' GROUP BY device_id`,
    );
  const time = async (query: () => Promise<unknown>) => {
    await query();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = performance.now();
      await query();
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  };
  const raw = await time(fromRaw);
  const rolled = await time(fromRollups);
  const daily = await time(fromDaily);
  const rawRows = new Map((await fromRaw()).map((row) => [row.device_id, Number(row.wh)]));
  let worst = 0;
  for (const rows of [await fromRollups(), await fromDaily()]) {
    for (const row of rows) worst = Math.max(worst, Math.abs(Number(row.wh) - (rawRows.get(row.device_id) ?? 0)));
  }
  const total = [...rawRows.values()].reduce((a, b) => a + b, 0);
  console.log('');
  console.log(`December 2025 (${ZONE}), ${rawRows.size} devices, ${(total / 1000).toFixed(1)} kWh`);
  console.log(`  from raw readings  ${raw.toFixed(1)} ms (median of ${RUNS})`);
  console.log(`  from hourly rollups ${rolled.toFixed(1)} ms (${(raw / rolled).toFixed(1)}× faster)`);
  console.log(`  from daily rollups  ${daily.toFixed(1)} ms (${(raw / daily).toFixed(1)}× faster; goal ≥ 50×)`);
  console.log(`  largest per-device difference ${worst.toFixed(3)} Wh (goal ≤ 1 Wh)`);
} finally {
  await database.close();
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
}
