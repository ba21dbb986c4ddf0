import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { endDueOverrides } from '../services/commands/manual-overrides.ts';
import { sendCommand } from '../services/commands/send-command.ts';
import { FAULT_SWEEP_MS, sweepEmergencyFaults } from '../services/emergency/fault-mail.ts';
import { renewInhibits } from '../services/emergency/renew-inhibits.ts';
import { runReportCycles } from '../services/report-cycles/engine.ts';
import { REPORT_CYCLES_JOB } from '../services/report-cycles/plan-runs.ts';
import { onReportQueued, purgeReports } from '../services/reports/report-jobs.ts';
import { runReportJobs } from '../services/reports/run-report-jobs.ts';
import { claimAndRun } from '../services/run-once.ts';
import { dropExpiredReadings, pruneReceipts, RECEIPT_DAYS, rezoneRollups, rollupMonths } from '../telemetry/index.ts';
import { advanceDiagnoses } from './advance-diagnoses.ts';
import { purgeExpired } from './purge-expired.ts';
import { purgeRecycleBin } from './purge-recycle-bin.ts';
import { runEmergencyTests } from './run-emergency-tests.ts';
import { runSchedules } from './run-schedules.ts';
import { syncNetworkPrices } from './sync-network-prices.ts';

/**
 * A scheduled job: its slot for a moment in time (the job runs once per slot) and its work, which may stop
 * early (finishing what it has in hand) once `signal` is aborted because the process is stopping.
 */
interface Job {
  name: string;
  slot(now: Date): string;
  run(ctx: AppContext, signal?: AbortSignal): Promise<string>;
}

const hourly = (now: Date) => now.toISOString().slice(0, 13);
const minutely = (now: Date) => now.toISOString().slice(0, 16);
const daily = (now: Date) => now.toISOString().slice(0, 10);

/** The jobs of this version. */
export const JOBS: Job[] = [
  { name: 'purge-expired', slot: hourly, run: purgeExpired },
  { name: 'purge-recycle-bin', slot: hourly, run: purgeRecycleBin },
  { name: 'run-schedules', slot: minutely, run: (ctx) => runSchedules(ctx) },
  {
    name: 'telemetry-retention',
    slot: daily,
    run: (ctx) => dropExpiredReadings(ctx.db, ctx.config.telemetryRetentionMonths, ctx.now()),
  },
  { name: 'prune-report-receipts', slot: daily, run: (ctx) => pruneReceipts(ctx.db, RECEIPT_DAYS, ctx.now()) },
  { name: 'rollup-months', slot: hourly, run: (ctx) => rollupMonths(ctx.db, ctx.now()) },
  { name: 'rezone-rollups', slot: minutely, run: (ctx) => rezoneRollups(ctx.db) },
  { name: 'sync-network-prices', slot: hourly, run: syncNetworkPrices },
  { name: 'emergency-tests', slot: minutely, run: (ctx) => runEmergencyTests(ctx) },
  { name: 'renew-inhibits', slot: minutely, run: (ctx) => renewInhibits(ctx) },
  { name: 'purge-reports', slot: hourly, run: purgeReports },
  // Last: a pass may build reports for a while, and the jobs above need not wait for it.
  { name: REPORT_CYCLES_JOB, slot: minutely, run: (ctx, signal) => runReportCycles(ctx, { signal }) },
];

/**
 * Runs every job whose current slot no process has run yet; none once `signal` is aborted. A slot this
 * process already ran or found finished (`asked`, job name to slot) is not asked for again: between two
 * slots a tick costs the database nothing. A slot held by another process is asked for at every tick, so
 * that a holder killed mid-run is taken over once its lease lapses.
 */
async function tick(
  ctx: AppContext,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
  asked: Map<string, string> = new Map(),
): Promise<void> {
  for (const job of JOBS) {
    if (signal?.aborted) return;
    const slot = job.slot(ctx.now());
    if (asked.get(job.name) === slot) continue;
    try {
      // A slot another process holds is asked for again: its holder may die, and its lease lapse, in the slot.
      if ((await claimAndRun(ctx.db, job.name, slot, () => job.run(ctx, signal))) !== 'held') asked.set(job.name, slot);
    } catch (error) {
      log.error({ err: error, job: job.name }, 'scheduled job could not run');
    }
  }
}

/** How often ended manual overrides are looked for (their end times are to the second). */
const OVERRIDE_SWEEP_MS = 5_000;
/** How often sensor diagnosis tasks are moved at their times (section 7: sensor queries every 5 s). */
const DIAGNOSIS_SWEEP_MS = 5_000;
/**
 * How often queued report downloads are looked for (those other processes queued, and reports whose process
 * stopped taken over); a report this process queues starts at once.
 */
const REPORT_SWEEP_MS = 2_000;

/**
 * Checks the schedule every JOB_TICK_MS (a minute unless set), and every few seconds ends the manual overrides whose time has come
 * (each claimed by one process), moves sensor diagnosis tasks whose time has come, sweeps emergency
 * faults (opened once, mailed once) and builds queued report downloads (each claimed by one process): a
 * report this process queues at once, others at the next sweep (every `reportSweepMs`), until stopped.
 * Stopping takes no new work and resolves once the scheduled jobs in hand have finished: a report
 * mail handed to SMTP has its answer recorded before the process closes its database.
 */
export function startScheduler(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { reportSweepMs?: number } = {},
): () => Promise<void> {
  const stopping = new AbortController();
  const asked = new Map<string, string>();
  let ticking: Promise<void> | null = null;
  const checkJobs = () => {
    if (ticking || stopping.signal.aborted) return;
    ticking = tick(ctx, log, stopping.signal, asked).finally(() => {
      ticking = null;
    });
  };
  const timer = setInterval(checkJobs, ctx.config.jobTickMs);
  let sweeping = false;
  const overrideTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    endDueOverrides(ctx, sendCommand)
      .catch((error: unknown) => log.error({ err: error }, 'manual overrides could not end'))
      .finally(() => {
        sweeping = false;
      });
  }, OVERRIDE_SWEEP_MS);
  const diagnosisTimer = setInterval(() => {
    advanceDiagnoses(ctx.db, ctx.now()).catch((error: unknown) =>
      log.error({ err: error }, 'sensor diagnosis tasks could not move'),
    );
  }, DIAGNOSIS_SWEEP_MS);
  let faultSweeping = false;
  const faultTimer = setInterval(() => {
    if (faultSweeping) return;
    faultSweeping = true;
    sweepEmergencyFaults(ctx)
      .catch((error: unknown) => log.error({ err: error }, 'emergency fault sweep failed'))
      .finally(() => {
        faultSweeping = false;
      });
  }, FAULT_SWEEP_MS);
  let reporting = false;
  // A job queued while a pass was ending (after its last claim found none) is looked for by another pass.
  let reportAgain = false;
  const buildReports = () => {
    if (stopping.signal.aborted) return;
    if (reporting) {
      reportAgain = true;
      return;
    }
    reporting = true;
    reportAgain = false;
    runReportJobs(ctx, { onError: (error) => log.error({ err: error }, 'a report could not be built') })
      .catch((error: unknown) => log.error({ err: error }, 'report jobs could not run'))
      .finally(() => {
        reporting = false;
        if (reportAgain) buildReports();
      });
  };
  const reportTimer = setInterval(buildReports, options.reportSweepMs ?? REPORT_SWEEP_MS);
  const stopWaking = onReportQueued(ctx.db, buildReports);
  timer.unref();
  reportTimer.unref();
  overrideTimer.unref();
  diagnosisTimer.unref();
  faultTimer.unref();
  checkJobs();
  return async () => {
    stopping.abort();
    clearInterval(timer);
    clearInterval(overrideTimer);
    clearInterval(diagnosisTimer);
    clearInterval(faultTimer);
    clearInterval(reportTimer);
    stopWaking();
    await ticking;
  };
}
