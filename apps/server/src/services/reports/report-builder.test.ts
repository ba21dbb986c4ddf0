import { getPriority } from 'node:os';
import { Code, type ReportJob } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, type TestApp } from '../../../test/helpers.ts';
import { reportJobs } from '../../db/schema.ts';
import { reportSite, SITE_UNTIL } from '../../routes/report/test-site.ts';
import { reportBuilderProbe, stopReportWorker } from './report-builder.ts';
import { runReportJobs, stopReportJobs } from './run-report-jobs.ts';

describeApi('report files built in the report worker', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof reportSite>>;

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = (SITE_UNTIL + 3600) * 1000 - Date.now();
    site = await reportSite(t);
  });
  afterEach(() => {
    reportBuilderProbe.onStarted = undefined;
    reportBuilderProbe.crashNext = false;
    reportBuilderProbe.onIdleEnd = undefined;
    reportBuilderProbe.onSpawned = undefined;
    reportBuilderProbe.onResult = undefined;
    reportBuilderProbe.idleMs = 60_000;
  });
  afterAll(async () => t.close());

  /** Asks for the site's device report of the last 7 days in `format`; answers the job's id. */
  async function askDeviceReport(format: 'pdf' | 'csv' | 'xlsx') {
    const asked = await call(
      t.app,
      'reportDeviceCreate',
      { nid: site.nid, target: { kind: 'network' }, period: { kind: 'span', span: '7d', until: SITE_UNTIL }, format },
      site.owner.session,
    );
    expect(asked.body.code, asked.body.message).toBe(Code.ok);
    return (asked.body.data as ReportJob).id;
  }

  const jobRow = async (id: number) => (await t.db.select().from(reportJobs).where(eq(reportJobs.id, id)))[0]!;
  /** A stored file's bytes (PGlite reads a bytea as a plain Uint8Array). */
  const bytesOf = (data: Uint8Array | null) => Buffer.from(data!);

  it('builds the file in a process of its own, not the one that answers the pages', async () => {
    const threads: number[] = [];
    const results: string[] = [];
    reportBuilderProbe.onStarted = (builder) => threads.push(builder);
    reportBuilderProbe.onResult = (kind) => results.push(kind);
    const pdf = await askDeviceReport('pdf');
    const xlsx = await askDeviceReport('xlsx');
    expect(await runReportJobs(t.app.ctx)).toBe(2);
    expect(threads).toHaveLength(2);
    // The worker stored each file on its job itself: none came back through the console.
    expect(results).toEqual(['stored', 'stored']);
    expect(threads.every((builder) => builder !== process.pid)).toBe(true);
    // One long-lived worker builds one report after another.
    expect(threads[1]).toBe(threads[0]);
    const [pdfRow, xlsxRow] = [await jobRow(pdf), await jobRow(xlsx)];
    expect(pdfRow).toMatchObject({ state: 'done', progress: 100, mime: 'application/pdf' });
    expect(bytesOf(pdfRow.data).subarray(0, 5).toString()).toBe('%PDF-');
    expect(xlsxRow.state).toBe('done');
    expect(bytesOf(xlsxRow.data).subarray(0, 2).toString()).toBe('PK');
    expect(xlsxRow.size).toBe(xlsxRow.data!.length);
  });

  it('ends the worker once it stayed idle, and builds the next report in a new one', async () => {
    const threads: number[] = [];
    reportBuilderProbe.onStarted = (builder) => threads.push(builder);
    reportBuilderProbe.idleMs = 20;
    const ended = new Promise<void>((resolve) => {
      reportBuilderProbe.onIdleEnd = resolve;
    });
    const first = await askDeviceReport('csv');
    expect(await runReportJobs(t.app.ctx)).toBe(1);
    await ended;
    reportBuilderProbe.idleMs = 60_000;
    const next = await askDeviceReport('csv');
    expect(await runReportJobs(t.app.ctx)).toBe(1);
    expect([(await jobRow(first)).state, (await jobRow(next)).state]).toEqual(['done', 'done']);
    expect(threads).toHaveLength(2);
    expect(threads[1]).not.toBe(threads[0]);
  });

  it('fails the job in hand with the reason when the worker stops, and builds the next in a new worker', async () => {
    const threads: number[] = [];
    reportBuilderProbe.onStarted = (builder) => threads.push(builder);
    const lost = await askDeviceReport('csv');
    const next = await askDeviceReport('csv');
    reportBuilderProbe.crashNext = true;
    const errors: unknown[] = [];
    expect(await runReportJobs(t.app.ctx, { onError: (error) => errors.push(error) })).toBe(2);
    expect(errors).toHaveLength(1);
    expect(await jobRow(lost)).toMatchObject({
      state: 'failed',
      error: 'the report worker stopped (exit code 70)',
      data: null,
    });
    const built = await jobRow(next);
    expect(built.state).toBe('done');
    expect(bytesOf(built.data).toString('utf8')).toContain('D4i lamp');
    // The job that failed never started in the worker; the next one did, in the worker started after.
    expect(threads).toHaveLength(1);
  });

  it('queues the job in hand again when the console stops, and ends the worker', async () => {
    const threads: number[] = [];
    const id = await askDeviceReport('xlsx');
    let stopping: Promise<void> | undefined;
    // The console stops as the build starts in the worker.
    reportBuilderProbe.onStarted = (builder) => {
      threads.push(builder);
      stopping ??= stopReportJobs(t.app.ctx);
    };
    const errors: unknown[] = [];
    expect(await runReportJobs(t.app.ctx, { onError: (error) => errors.push(error) })).toBe(1);
    await stopping;
    expect(errors.map((error) => (error as Error).message)).toEqual(['the console stopped while the report was built']);
    // Handed back to the queue, not failed, and the claim not counted: any process takes it at once.
    const released = await jobRow(id);
    expect(released).toMatchObject({ state: 'queued', claimedBy: null, progress: 0, attempts: 0, error: null });
    // It is built by a worker started again, as is a report asked for after it.
    const next = await askDeviceReport('csv');
    expect(await runReportJobs(t.app.ctx)).toBe(2);
    expect((await jobRow(id)).state).toBe('done');
    expect((await jobRow(next)).state).toBe('done');
    expect(threads).toHaveLength(3);
    expect(threads[1]).not.toBe(threads[0]);
  });

  it('runs the worker REPORT_WORKER_NICE steps below the console, so its builds yield the cores to the pages', async () => {
    const config = t.app.ctx.config;
    const priorities: number[] = [];
    reportBuilderProbe.onStarted = (builder) => priorities.push(getPriority(builder));
    // The next build starts a worker, at the setting of the console that asks for it.
    await stopReportWorker(t.db);
    config.reportWorkerNice = 4;
    try {
      const id = await askDeviceReport('csv');
      expect(await runReportJobs(t.app.ctx)).toBe(1);
      expect((await jobRow(id)).state).toBe('done');
    } finally {
      config.reportWorkerNice = 0;
      await stopReportWorker(t.db);
    }
    expect(priorities).toEqual([Math.min(19, getPriority() + 4)]);
  });

  it('starts the worker as a report page lists the reports, so the report asked for next is built by it', async () => {
    await stopReportWorker(t.db);
    const spawned: number[] = [];
    const builders: number[] = [];
    reportBuilderProbe.onSpawned = (pid) => spawned.push(pid);
    reportBuilderProbe.onStarted = (pid) => builders.push(pid);
    const listed = await call(t.app, 'reportList', { pid: site.network.pid, kind: 'device' }, site.owner.session);
    expect(listed.body.code).toBe(Code.ok);
    // Started by the list, before any report was asked for; a second look keeps the same one.
    expect(spawned).toHaveLength(1);
    await call(t.app, 'reportList', { pid: site.network.pid, kind: 'device' }, site.owner.session);
    expect(spawned).toHaveLength(1);
    const id = await askDeviceReport('pdf');
    expect(await runReportJobs(t.app.ctx)).toBe(1);
    expect((await jobRow(id)).state).toBe('done');
    expect(builders).toEqual(spawned);
    // A stranger's look at the list is refused and starts nothing.
    await stopReportWorker(t.db);
    const stranger = await call(t.app, 'reportList', { pid: site.network.pid, kind: 'device' }, site.stranger.session);
    expect(stranger.body.code).not.toBe(Code.ok);
    expect(spawned).toHaveLength(1);
  });
});
