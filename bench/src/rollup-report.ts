// npm run bench:rollup: a month's energy report over many devices, read from the rollups and from the raw
// readings, on the same data. Fills a scratch database with BENCH_DEVICES luminaires (1,000) × BENCH_DAYS days
// (365) of 15-minute counter readings with their deltas (raw rows, monthly partitions on PostgreSQL), generated
// inside PostgreSQL (generate_series, one statement per day, no rows through Node), builds the hourly and daily
// rollups as the console does (hours from the readings, days from the hours, closed months and their
// hour-of-week cells by the rollup-months job), then times the per-device energy of the last local month
// (December 2025, Europe/London; BENCH_DAYS ≥ 31) from the raw readings, from the monthly, daily and hourly
// rollups and as the console reads a month (services/energy), and the whole overview call: median of
// BENCH_RUNS (5) after a warm-up; then, once each, a year's overview, December's and the year's device heat
// maps, and a year's hour-of-week cells from the monthly cells against every hour. Prints rows, times, the
// ratios and the largest per-device difference in Wh (must be ≤ 1); then the data pages as their routes call
// them (rollup-pages.ts: overview, device and zone heat maps, home), median and p95 of BENCH_RUNS beside the
// goal. BENCH_PAGES_ONLY=1 times the pages alone. PostgreSQL on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test); the scratch database is dropped at the end unless BENCH_KEEP=1,
// which keeps it (named by its size) and reuses its readings on the next run. BENCH_FILL_ONLY=1 stops after
// the fill; a kept database's rollups are built once (BENCH_REBUILD=1 builds them again).
import { performance } from 'node:perf_hooks';
import { localMonth } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { networks } from '../../apps/server/src/db/schema.ts';
import { loadDeviceCells } from '../../apps/server/src/services/energy/energy-cells.ts';
import { loadDeviceHours, loadEnergyDevices } from '../../apps/server/src/services/energy/energy-hours.ts';
import { loadPeriodHours } from '../../apps/server/src/services/energy/energy-periods.ts';
import { buildNetworkEnergy, energySettingsOf } from '../../apps/server/src/services/energy/energy-views.ts';
import { loadVersions } from '../../apps/server/src/services/energy/tariffs.ts';
import { rollupMonths } from '../../apps/server/src/telemetry/month-rollups.ts';
import { ensurePartitions } from '../../apps/server/src/telemetry/write-readings.ts';
import { ensurePages, timePages } from './rollup-pages.ts';
import { adminExists, adminQuery, withDatabase } from './scratch-database.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES_ONLY = process.env.BENCH_PAGES_ONLY === '1';
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

/**
 * Hourly rollups from the raw readings (the hour of the instant before each reading), days from the hours,
 * stored in time order as the console writes them while time passes.
 */
async function buildRollups() {
  const began = performance.now();
  await db.execute(sql`TRUNCATE telemetry_hourly, telemetry_daily, telemetry_monthly, telemetry_month_marks`);
  await db.execute(
    sql`INSERT INTO telemetry_hourly (device_id, hour, energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds,
          triggers, occupied_seconds, readings, rated_seconds, d4i_readings, meter_readings)
        SELECT device_id, date_trunc('hour', at - interval '1 millisecond'),
          sum(delta_wh) FILTER (WHERE delta_status = 'counted'),
          sum(delta_wh) FILTER (WHERE delta_status = 'counted' AND energy_source = 'd4i'), 0, 0,
          sum(on_seconds), 0, 0, count(*), sum(on_seconds),
          count(*) FILTER (WHERE delta_status = 'counted' AND energy_source = 'd4i'),
          count(*) FILTER (WHERE delta_status = 'counted' AND energy_source = 'meter')
        FROM telemetry_readings GROUP BY 1, 2 ORDER BY 2, 1`,
  );
  console.log(`  hourly rollups built in ${seconds(performance.now() - began)} s`);
  await db.execute(
    sql`INSERT INTO telemetry_daily (device_id, day, energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds,
          triggers, occupied_seconds, readings, spread_wh, hours_reported, hours_meter, hours_d4i, on_capped_seconds,
          rated_seconds, rated_capped_seconds, d4i_readings, meter_readings)
        SELECT device_id, (hour AT TIME ZONE ${ZONE})::date, sum(energy_wh), sum(d4i_wh), sum(meter_wh),
          sum(quarantined_wh), sum(on_seconds), sum(triggers), sum(occupied_seconds), sum(readings), sum(spread_wh),
          count(*) FILTER (WHERE readings > 0), count(*) FILTER (WHERE meter_wh > 0),
          count(*) FILTER (WHERE d4i_wh > 0), coalesce(sum(least(on_seconds, 3600)) FILTER (WHERE readings > 0), 0),
          sum(rated_seconds), coalesce(sum(least(rated_seconds, 3600)) FILTER (WHERE readings > 0), 0),
          sum(d4i_readings), sum(meter_readings)
        FROM telemetry_hourly GROUP BY 1, 2 ORDER BY 2, 1`,
  );
  console.log(`  hourly and daily rollups built in ${seconds(performance.now() - began)} s`);
}

/** The months as the console's rollup-months job sums them, an hour after the last one ends. */
async function sumMonths() {
  const began = performance.now();
  const done = await rollupMonths(db, new Date((END + 3600) * 1000));
  console.log(`  monthly rollups (${done}) in ${seconds(performance.now() - began)} s`);
  await db.execute(sql`ANALYZE`);
}

/** Median of RUNS timed runs after a warm-up, in ms. */
async function time(query: () => Promise<unknown>) {
  await query();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const t0 = performance.now();
    await query();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** Wh per device of rows with `deviceId` and `wh`. */
function perDevice(rows: readonly { deviceId: number; wh: number }[]) {
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(row.deviceId, (sums.get(row.deviceId) ?? 0) + row.wh);
  return sums;
}

try {
  const filled = existing && (await rowsOf(db, sql`SELECT 1 FROM devices LIMIT 1`)).length > 0;
  if (!filled) {
    if (existing) await db.execute(sql`TRUNCATE telemetry_readings, users RESTART IDENTITY CASCADE`);
    await fill();
  } else console.log(`Reusing ${scratch}`);
  if (process.env.BENCH_FILL_ONLY !== '1') {
    const built = (await rowsOf(db, sql`SELECT 1 FROM telemetry_daily LIMIT 1`)).length > 0;
    if (!built || process.env.BENCH_REBUILD === '1') await buildRollups();
    // A kept database from before the heat-map cells: the job sums their months' cells too.
    if ((await rowsOf(db, sql`SELECT 1 FROM telemetry_cells_monthly LIMIT 1`)).length === 0) await sumMonths();
    const [network] = await db.select().from(networks);
    if (!network) throw new Error('No network in the bench database');
    await ensurePages(db, network.id);
    // The pages over the spans ending on the last day of the data; home on 20 December (this month so far,
    // November, the last 30 days).
    await timePages(db, network, END - 1, Date.UTC(2025, 11, 20, 12) / 1000, RUNS);
    if (!PAGES_ONLY) await compareReads(network);
  }
} finally {
  await database.close();
  if (!KEEP) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
}

/** One month's energy per device from the raw readings and from each rollup, timed, with the largest difference. */
async function compareReads(network: typeof networks.$inferSelect) {
  const versions = (await loadVersions(db, [network])).get(network.id) ?? [];
  // The last month of the data (it ends on 1 January 2026).
  const month = localMonth(2025, 12, ZONE);
  const settings = energySettingsOf(network, versions, month.end - 1);
  const fromRaw = async () =>
    new Map(
      (
        await rowsOf<{ device_id: number; wh: string }>(
          db,
          sql`SELECT device_id, sum(delta_wh) AS wh FROM telemetry_readings
                WHERE at > to_timestamp(${month.start}) AND at <= to_timestamp(${month.end})
                  AND delta_status = 'counted'
                GROUP BY device_id`,
        )
      ).map((row) => [row.device_id, Number(row.wh)]),
    );
  // The month's report per device from the daily rollups, summed by the database like the raw query.
  const fromDailySql = async () =>
    new Map(
      (
        await rowsOf<{ device_id: number; wh: string }>(
          db,
          sql`SELECT t.device_id, sum(t.energy_wh) AS wh FROM telemetry_daily t JOIN devices d ON d.id = t.device_id
                WHERE d.nid = ${network.id} AND t.day >= '2025-12-01' AND t.day < '2026-01-01'
                GROUP BY t.device_id`,
        )
      ).map((row) => [row.device_id, Number(row.wh)]),
    );
  // The month's report from the monthly rollups: a row per device.
  const fromMonthlySql = async () =>
    new Map(
      (
        await rowsOf<{ device_id: number; wh: string }>(
          db,
          sql`SELECT t.device_id, t.energy_wh AS wh FROM telemetry_monthly t JOIN devices d ON d.id = t.device_id
                WHERE d.nid = ${network.id} AND t.month = '2025-12-01' AND NOT t.stale`,
        )
      ).map((row) => [row.device_id, Number(row.wh)]),
    );
  // What the console reads for a month: whole local days from the daily rollups (and any edge hours), or
  // for figures alone (the overview's period before) the month's row per device.
  const fromDays = async () => perDevice((await loadPeriodHours(db, network, month, settings)).hours);
  const fromMonths = async () => perDevice((await loadPeriodHours(db, network, month, settings, true, true)).hours);
  const fromHours = async () => perDevice(await loadDeviceHours(db, [network.id], month.start, month.end));
  const overview = () => buildNetworkEnergy(db, network, month, month.end);
  const raw = await time(fromRaw);
  const daily = await time(fromDailySql);
  const monthly = await time(fromMonthlySql);
  const days = await time(fromDays);
  const months = await time(fromMonths);
  const hours = await time(fromHours);
  const page = await time(overview);
  const rawWh = await fromRaw();
  let worst = 0;
  for (const sums of [
    await fromDailySql(),
    await fromMonthlySql(),
    await fromDays(),
    await fromMonths(),
    await fromHours(),
  ]) {
    for (const [id, wh] of rawWh) worst = Math.max(worst, Math.abs((sums.get(id) ?? 0) - wh));
  }
  const total = [...rawWh.values()].reduce((a, b) => a + b, 0);
  const rows = await rowsOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM telemetry_readings`);
  console.log('');
  console.log(
    `${Number(rows[0]!.n).toLocaleString('en')} raw readings; December 2025 (${ZONE}), ${rawWh.size} devices, ${(total / 1000).toFixed(1)} kWh`,
  );
  console.log(`  from raw readings                  ${raw.toFixed(1)} ms (median of ${RUNS})`);
  console.log(
    `  from monthly rollups               ${monthly.toFixed(1)} ms (${(raw / monthly).toFixed(1)}× faster; goal ≥ 50×)`,
  );
  console.log(`  from daily rollups, summed in SQL  ${daily.toFixed(1)} ms (${(raw / daily).toFixed(1)}×)`);
  console.log(
    `  the console's month read by the month (figures) ${months.toFixed(1)} ms (${(raw / months).toFixed(1)}×)`,
  );
  console.log(
    `  the console's month read by the day (device-days into the server) ${days.toFixed(1)} ms (${(raw / days).toFixed(1)}×)`,
  );
  console.log(
    `  the hourly path before (device-hours into the server) ${hours.toFixed(1)} ms (${(raw / hours).toFixed(1)}×)`,
  );
  console.log(`  whole overview call (two months, cost, CO2, zones) ${page.toFixed(1)} ms`);
  console.log(`  largest per-device difference ${worst.toFixed(3)} Wh (goal ≤ 1 Wh)`);
  // A year's hour-of-week cells read from the monthly cells the job summed, against every hour of the year.
  const year = { start: localMonth(2025, 1, ZONE).start, end: month.end };
  const devices = await loadEnergyDevices(db, [network.id]);
  const cellsOf = async (byMonth: boolean) => {
    const c0 = performance.now();
    const cells = await loadDeviceCells(db, network.id, ZONE, year, devices, new Map(), byMonth);
    return {
      ms: performance.now() - c0,
      wh: cells.reduce((sum, cell) => sum + cell.energy.wh, 0),
      rows: cells.length,
    };
  };
  const cellsByMonth = await cellsOf(true);
  const cellsByHour = await cellsOf(false);
  console.log(
    `  a year's hour-of-week cells: from the monthly cells ${cellsByMonth.ms.toFixed(0)} ms, from every hour ` +
      `${cellsByHour.ms.toFixed(0)} ms (${(cellsByHour.ms / cellsByMonth.ms).toFixed(1)}×); ${cellsByMonth.rows} and ` +
      `${cellsByHour.rows} cells, energy differs by ${Math.abs(cellsByMonth.wh - cellsByHour.wh).toFixed(3)} Wh`,
  );
}
