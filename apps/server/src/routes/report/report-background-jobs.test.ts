import { Code, type ReportJob } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeApi } from '../../../test/helpers.ts';
import { reportJobs } from '../../db/schema.ts';
import { JOBS, startScheduler } from '../../jobs/scheduler.ts';
import { claimReportJob, REPORT_STALE_SECONDS, REPORT_WORKER } from '../../services/reports/report-jobs.ts';
import { runReportJobs } from '../../services/reports/run-report-jobs.ts';
import { runOnce } from '../../services/run-once.ts';
import { useReportSite } from './test-site.ts';

const fixture = useReportSite();
const { askProject, spanReport, download } = fixture;

describeApi('report downloads: jobs built in the background, taken over when stale and started at once', () => {
  it('finishes a job whose process stopped mid-way, once its heartbeat is stale', async () => {
    const { t, site } = fixture;
    const asked = await askProject(site.owner.session, spanReport('xlsx', '1d', ['energy']));
    const job = asked.body.data as ReportJob;
    // A process claims it and dies: the row stays running with its last heartbeat.
    const claimed = await claimReportJob(t.app.ctx, 'dead-process');
    expect(claimed).toMatchObject({ id: job.id, state: 'running', attempts: 1 });
    expect(await runReportJobs(t.app.ctx, { worker: 'restarted' })).toBe(0);
    expect((await call(t.app, 'reportState', { id: job.id }, site.owner.session)).body.data).toMatchObject({
      state: 'running',
    });
    t.clock.advance(REPORT_STALE_SECONDS + 1);
    try {
      expect(await runReportJobs(t.app.ctx, { worker: 'restarted' })).toBe(1);
    } finally {
      t.clock.advance(-(REPORT_STALE_SECONDS + 1));
    }
    const [row] = await t.db.select().from(reportJobs).where(eq(reportJobs.id, job.id));
    expect(row).toMatchObject({ state: 'done', attempts: 2, claimedBy: 'restarted' });
    expect((await download(site.owner.session, row!.fileName!)).bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('starts a report at once in the process that queued it, without waiting for the sweep', async () => {
    const { t, site } = fixture;
    // The scheduler's other jobs have run this slot already; its report sweep is an hour away.
    for (const job of JOBS) await runOnce(t.db, job.name, job.slot(t.clock.now()), async () => 'taken by the test');
    const stop = startScheduler(t.app.ctx, t.app.log, { reportSweepMs: 3_600_000 });
    try {
      const asked = await askProject(site.owner.session, spanReport('csv', '1d', ['energy']));
      expect(asked.body.code, asked.body.message).toBe(Code.ok);
      const job = asked.body.data as ReportJob;
      expect(job.state).toBe('queued');
      // Built by the worker this process woke (with only the sweep, it would stay queued for an hour and
      // the test would time out).
      let state = job;
      while (state.state === 'queued' || state.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = (await call(t.app, 'reportState', { id: job.id }, site.owner.session)).body.data as ReportJob;
      }
      expect(state).toMatchObject({ state: 'done', progress: 100 });
      const [row] = await t.db.select().from(reportJobs).where(eq(reportJobs.id, job.id));
      expect(row).toMatchObject({ attempts: 1, claimedBy: REPORT_WORKER });
    } finally {
      await stop();
    }
  });
});
