// npm run bench:emergency: a year of monthly function tests and a yearly duration test for BENCH_FITTINGS
// emergency fittings (5,000) in zones of BENCH_ZONE_SIZE (20), scheduled and graded by the console's own
// self-test job (`runEmergencyTests`) on an accelerated clock stepped BENCH_STEP_HOURS (3) at a time through
// 2026 (Europe/London). The fittings are the simulator's (`SimEmergency`, rated 180 min): the starter the job
// calls notes the task on the fittings as the console's does and hands each its command; at each step every
// fitting whose test ended sends its report with the result, which the console stores and grades as a
// gateway's `emergency` report (`applyReport`). Every 100th fitting never answers and is graded missed.
// Prints its progress at each simulated month, then the time spent scheduling and starting, storing and
// grading the reported results, grading closed windows and exporting (CSV of the year, PDF of one month),
// record counts, and the peak number of fittings of one zone on battery at once in duration tests (must be
// the zone split's limit, 1: the run fails otherwise) and in function tests.
// Database: PGlite in memory, or PostgreSQL at BENCH_DATABASE_URL (a scratch database dropped at the end).
import { performance } from 'node:perf_hooks';
import { type CommandAction, peakPerZone } from '@lightwell/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { emergencySchedules, emergencyTestRecords, networks } from '../../apps/server/src/db/schema.ts';
import { applyReport } from '../../apps/server/src/gateway-link/ingest.ts';
import { runEmergencyTests } from '../../apps/server/src/jobs/run-emergency-tests.ts';
import { deriveServerKeys } from '../../apps/server/src/lib/server-keys.ts';
import {
  commandOf,
  type EmergencyActionRequest,
  markRequested,
} from '../../apps/server/src/services/emergency/actions.ts';
import { exportEmergencyRecord } from '../../apps/server/src/services/emergency/export-record.ts';
import { SimEmergency } from '../../apps/simulator/src/emergency-fitting.ts';
import { adminQuery, withDatabase } from '../src/scratch-database.ts';

const FITTINGS = Number(process.env.BENCH_FITTINGS ?? 5000);
const ZONE_SIZE = Number(process.env.BENCH_ZONE_SIZE ?? 20);
const STEP_HOURS = Number(process.env.BENCH_STEP_HOURS ?? 3);
const RATED = 180;
const ZONE = 'Europe/London';
const serverUrl = process.env.BENCH_DATABASE_URL;
const scratch = `lw_bench_emergency_${process.pid}`;

if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const database = await openDatabase({
  url: serverUrl ? withDatabase(serverUrl, scratch) : undefined,
  dataDir: 'memory://',
});
const { db } = database;
const s = (ms: number) => (ms / 1000).toFixed(1);

let clock = new Date('2025-12-31T12:00:00Z');
const ctx = {
  db,
  now: () => clock,
  config: { publicUrl: 'http://localhost' },
  keys: deriveServerKeys('bench-server-secret-0123456789abcdef'),
  mailer: { send: async () => {}, close: () => {} },
} as unknown as AppContext;

/** On-battery slots per fitting, by test kind, as the simulated fittings ran them. */
const slots: Record<'function' | 'duration', { id: number; start: Date; end: Date }[]> = { function: [], duration: [] };
let taskSeq = 0;
let reportSeq = 0;
/** The simulated fittings (the simulator's own), by device id, and those with a test under way. */
const fittings = new Map<number, SimEmergency>();
const testing = new Set<number>();
const gateway = { id: 1, nid: 1, sn: 'bench-emergency' };
const macOf = (id: number) => id.toString(16).padStart(12, '0');

/**
 * The console's starter without the broker: the fittings' state notes the task as the console's does
 * (`markRequested`), and the command reaches each simulated fitting; every 100th never answers.
 */
async function start(_ctx: AppContext, request: EmergencyActionRequest) {
  const ids = request.target.kind === 'fittings' ? request.target.ids : [];
  taskSeq += 1;
  await markRequested(db, request, ids, taskSeq, null, clock);
  const action = commandOf(request) as Extract<CommandAction, { op: 'emergency' }>;
  const kind = request.action === 'durationTest' ? 'duration' : 'function';
  const end = new Date(clock.getTime() + (kind === 'duration' ? RATED : 1) * 60_000);
  for (const id of ids) {
    if (id % 100 === 0) continue;
    fittings.get(id)!.command(action, taskSeq, clock.getTime());
    testing.add(id);
    slots[kind].push({ id, start: clock, end });
  }
  return { taskId: taskSeq, fittings: ids.length };
}

/**
 * Each fitting whose test ended sends its report with the result, and the console stores and grades it as
 * it does a gateway's `emergency` report (`applyReport`: record, grade, faults). Answers how many.
 */
async function deliverResults(): Promise<number> {
  let delivered = 0;
  for (const id of [...testing]) {
    const report = fittings.get(id)!.takeReport(clock.getTime());
    if (!report?.test) continue;
    reportSeq += 1;
    await applyReport(
      db,
      gateway,
      { kind: 'emergency', seq: reportSeq, mac: macOf(id), at: Math.floor(clock.getTime() / 1000), ...report },
      clock,
    );
    testing.delete(id);
    delivered += 1;
  }
  return delivered;
}

try {
  console.log(`Installing ${FITTINGS} fittings in zones of ${ZONE_SIZE}…`);
  await db.execute(sql`INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@example.com', 'x')`);
  await db.execute(sql`INSERT INTO projects (name, created_by) VALUES ('Bench', 1)`);
  await db.insert(networks).values({ pid: 1, name: 'Bench', createdBy: 1, timeZone: ZONE });
  await db.execute(sql`INSERT INTO network_users (nid, uid, user_type) VALUES (1, 1, 2)`);
  const zones = Math.ceil(FITTINGS / ZONE_SIZE);
  await db.execute(
    sql`INSERT INTO zones (nid, name, points) SELECT 1, 'Zone ' || z, '[]'::jsonb FROM generate_series(1, ${zones}) z`,
  );
  await db.execute(
    sql`INSERT INTO devices (nid, kind, name, model, mac, address, online, created_at)
        SELECT 1, 'emergency', 'Exit ' || d, 'EM', lpad(to_hex(d), 12, '0'), d, true, '2025-06-01'
        FROM generate_series(1, ${FITTINGS}) d`,
  );
  await db.execute(sql`INSERT INTO device_elements (device_id, index, type) SELECT id, 0, 6 FROM devices`);
  await db.execute(
    sql`INSERT INTO gateways (nid, sn, name, secret_hash) VALUES (1, ${gateway.sn}, 'Bench gateway', 'x')`,
  );
  for (let id = 1; id <= FITTINGS; id += 1) {
    fittings.set(id, new SimEmergency(0, { ratedMinutes: RATED }, clock.getTime()));
  }
  await db.execute(
    sql`INSERT INTO nodes (nid, zone_id, rid, name) SELECT 1, ((id - 1) / ${ZONE_SIZE}) + 1, id, name FROM devices`,
  );
  await db.execute(
    sql`INSERT INTO emergency_fittings (device_id, nid, mode, battery_charge, mains_present, rated_minutes)
        SELECT id, 1, 0, 254, true, ${RATED} FROM devices`,
  );
  const created = new Date('2025-12-01T00:00:00Z');
  await db.insert(emergencySchedules).values([
    {
      nid: 1,
      name: 'Monthly',
      testKind: 'function',
      day: 1,
      minuteOfDay: 600,
      target: { kind: 'network' },
      createdAt: created,
    },
    {
      nid: 1,
      name: 'Yearly',
      testKind: 'duration',
      day: 1,
      month: 6,
      minuteOfDay: 120,
      stagger: 'zone',
      target: { kind: 'network' },
      createdAt: created,
    },
  ]);

  const yearEnd = new Date('2027-01-01T01:00:00Z');
  let scheduling = 0;
  let grading = 0;
  let ingesting = 0;
  let results = 0;
  let steps = 0;
  console.log(`Running the self-test job through 2026 in ${STEP_HOURS}-hour steps…`);
  const run = performance.now();
  let month = clock.getUTCMonth();
  while (clock < yearEnd) {
    clock = new Date(clock.getTime() + STEP_HOURS * 3_600_000);
    if (clock.getUTCMonth() !== month) {
      month = clock.getUTCMonth();
      console.log(
        `  ${clock.toISOString().slice(0, 7)}: ${steps} steps in ${s(performance.now() - run)} s (scheduling ${s(scheduling)} s, storing results ${s(ingesting)} s, grading ${s(grading)} s)`,
      );
    }
    let began = performance.now();
    results += await deliverResults();
    ingesting += performance.now() - began;
    began = performance.now();
    const result = await runEmergencyTests(ctx, start);
    const took = performance.now() - began;
    steps += 1;
    // A step that wrote missed records graded a closed window; every other step planned and started.
    if (/missed [1-9]/.test(result)) grading += took;
    else scheduling += took;
  }
  const [records] = await db.select({ n: count() }).from(emergencyTestRecords);
  const [passed] = await db
    .select({ n: count() })
    .from(emergencyTestRecords)
    .where(eq(emergencyTestRecords.grade, 'passed'));
  const [missed] = await db
    .select({ n: count() })
    .from(emergencyTestRecords)
    .where(eq(emergencyTestRecords.grade, 'missed'));
  const [network] = await db.select().from(networks);
  let began = performance.now();
  const csv = await exportEmergencyRecord(ctx, network!, {
    from: new Date('2026-01-01T00:00:00Z'),
    to: new Date('2027-01-01T00:00:00Z'),
    format: 'csv',
    language: 0,
    timeFormat: 1,
  });
  const csvMs = performance.now() - began;
  began = performance.now();
  const pdf = await exportEmergencyRecord(ctx, network!, {
    from: new Date('2026-06-01T00:00:00Z'),
    to: new Date('2026-07-01T00:00:00Z'),
    format: 'pdf',
    language: 0,
    timeFormat: 1,
  });
  const pdfMs = performance.now() - began;
  const zoneOf = (id: number) => Math.ceil(id / ZONE_SIZE);
  console.log(`steps ${steps}, test records ${records!.n} (passed ${passed!.n}, missed ${missed!.n})`);
  console.log(`schedule and start: ${s(scheduling)} s`);
  console.log(
    `store and grade ${results} reported results (as a gateway's emergency reports): ${s(ingesting)} s (${(ingesting / Math.max(1, results)).toFixed(2)} ms each)`,
  );
  console.log(`grade closed windows (missed): ${s(grading)} s`);
  console.log(`export CSV of the year: ${s(csvMs)} s (${((csv.base64.length * 0.75) / 1e6).toFixed(1)} MB)`);
  console.log(`export PDF of June: ${s(pdfMs)} s (${((pdf.base64.length * 0.75) / 1e6).toFixed(1)} MB)`);
  const peak = peakPerZone(slots.duration, zoneOf);
  console.log(`peak fittings of one zone on battery in duration tests: ${peak} (zone split limit 1)`);
  if (peak > 1) {
    console.error('The stagger let more than one fitting of a zone run a duration test at once.');
    process.exitCode = 1;
  }
  console.log(
    `peak fittings of one zone on battery in function tests: ${peakPerZone(slots.function, zoneOf)} (a 1-minute test of the whole zone)`,
  );
} finally {
  await database.close();
  if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch}`);
}
