import { randomBytes } from 'node:crypto';
import { Code, type ReportJob, ReportLimits } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { buildNetwork, call, describeApi, type Session } from '../../../test/helpers.ts';
import { networkUsers, reportJobs } from '../../db/schema.ts';
import { purgeReports } from '../../services/reports/report-jobs.ts';
import { runReportJobs } from '../../services/reports/run-report-jobs.ts';
import { useReportSite } from './test-site.ts';

const fixture = useReportSite();
const { askProject, spanReport, built, download } = fixture;

describeApi('report downloads: who may ask for a project report', () => {
  it('lets every role ask and refuses strangers, other projects’ networks, bad periods and a fourth pending report', async () => {
    const { t, site } = fixture;
    expect((await askProject(undefined, spanReport('pdf'))).body.code).toBe(Code.sessionInvalid);
    for (const member of [site.owner, site.installer, site.sub]) {
      const reply = await askProject(member.session, spanReport('csv'));
      expect(reply.body.code, reply.body.message).toBe(Code.ok);
      expect((reply.body.data as ReportJob).networks.map((n) => n.nid)).toEqual([site.nid]);
    }
    await runReportJobs(t.app.ctx);
    expect((await askProject(site.stranger.session, spanReport('pdf'))).body.code).toBe(Code.noPermission);
    const foreign = await askProject(site.owner.session, { ...spanReport('pdf'), nids: [site.nid, 2_000_000] });
    expect(foreign.body.code).toBe(Code.noPermission);
    const strangersOwn = await askProject(site.owner.session, { ...spanReport('pdf'), pid: site.stranger.pid });
    expect(strangersOwn.body.code).toBe(Code.noPermission);
    const reversed = await askProject(site.owner.session, {
      ...spanReport('pdf'),
      period: { kind: 'range', from: '2026-10-10', to: '2026-10-01' },
    });
    expect(reversed.body.code).toBe(Code.badInput);
    expect(JSON.stringify(reversed.body.data)).toContain('reportRange');
    const long = await askProject(site.owner.session, {
      ...spanReport('pdf'),
      period: { kind: 'range', from: '2025-01-01', to: '2026-10-01' },
    });
    expect(long.body.code).toBe(Code.badInput);
    expect((await askProject(site.owner.session, { ...spanReport('pdf'), sections: [] })).body.code).toBe(
      Code.badInput,
    );
    expect((await askProject(site.owner.session, { ...spanReport('pdf'), format: 'docx' })).body.code).toBe(
      Code.badInput,
    );
    const ids: number[] = [];
    for (let n = 0; n < ReportLimits.maxPending; n += 1) {
      const reply = await askProject(site.owner.session, spanReport('csv'));
      expect(reply.body.code).toBe(Code.ok);
      ids.push((reply.body.data as ReportJob).id);
    }
    const busy = await askProject(site.owner.session, spanReport('csv'));
    expect(busy.body.code).toBe(Code.tooManyAttempts);
    expect(busy.body.data).toMatchObject({ retryAfter: expect.any(Number) });
    await runReportJobs(t.app.ctx);
    expect((await askProject(site.owner.session, spanReport('csv'))).body.code).toBe(Code.ok);
    await runReportJobs(t.app.ctx);
  });
});

describeApi('report downloads: who may list and download a report, and for how long', () => {
  it('lists kept reports to members of every network they cover, and purges them after 30 days', async () => {
    const { t, site } = fixture;
    const other = await buildNetwork(t.db, site.owner.pid, [{ uid: site.owner.user.id, userType: 2 }], {
      timeZone: 'Asia/Shanghai',
    });
    const both = await built(site.owner.session, 'reportProjectCreate', {
      ...spanReport('csv', '7d', ['energy']),
      nids: [site.nid, other.id],
    });
    // Networks in name order.
    expect(both.networks.map((n) => n.nid)).toEqual([other.id, site.nid]);
    const list = async (session: Session) => {
      const reply = await call(t.app, 'reportList', { pid: site.owner.pid }, session);
      expect(reply.body.code).toBe(Code.ok);
      return (reply.body.data as ReportJob[]).map((job) => job.id);
    };
    expect(await list(site.owner.session)).toContain(both.id);
    // The sub-user holds no role on the second network: neither the list nor the file is theirs.
    expect(await list(site.sub.session)).not.toContain(both.id);
    expect((await call(t.app, 'reportState', { id: both.id }, site.sub.session)).body.code).toBe(Code.noPermission);
    expect((await call(t.app, 'fileDownloadUrl', { fileName: both.fileName! }, site.sub.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'reportList', { pid: site.owner.pid }, site.stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    const kept = both.expiresAt! - both.finishedAt!;
    expect(kept).toBe(ReportLimits.retentionDays * 86_400);
    // Sessions idle that long end too: the purge runs at that time, the list is read back at today's.
    t.clock.advance(kept - 3600);
    expect(await purgeReports(t.app.ctx)).toBe('reports 0');
    t.clock.advance(7200);
    const purged = await purgeReports(t.app.ctx);
    t.clock.advance(-(kept + 3600));
    expect(purged).not.toBe('reports 0');
    expect(await list(site.owner.session)).not.toContain(both.id);
    expect(await t.db.select().from(reportJobs).where(eq(reportJobs.id, both.id))).toEqual([]);
  });

  it('refuses a link used by another user, after expiry, or by a user who lost the role', async () => {
    const { t, site } = fixture;
    const job = await built(site.owner.session, 'reportProjectCreate', {
      ...spanReport('csv', '1d', ['energy']),
      nids: [site.nid],
    });
    const { url } = await download(site.owner.session, job.fileName!);
    const forged = url.replace(`uid=${site.owner.user.id}`, `uid=${site.installer.user.id}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect((await call(t.app, 'fileDownloadUrl', { fileName: job.fileName! }, site.stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    t.clock.advance(16 * 60);
    try {
      const expired = await t.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(403);
      expect(JSON.parse(expired.body).code).toBe(Code.linkInvalid);
    } finally {
      t.clock.advance(-16 * 60);
    }
    const installerLink = await download(site.installer.session, job.fileName!);
    await t.db.delete(networkUsers).where(eq(networkUsers.uid, site.installer.user.id));
    try {
      expect((await t.app.inject({ method: 'GET', url: installerLink.url })).statusCode).toBe(404);
      expect(
        (await call(t.app, 'fileDownloadUrl', { fileName: job.fileName! }, site.installer.session)).body.code,
      ).toBe(Code.noPermission);
    } finally {
      await t.db.insert(networkUsers).values({ nid: site.nid, uid: site.installer.user.id, userType: 1 });
    }
  });

  it('sends a large file whole, read in pieces of 1 MiB, with its length', async () => {
    const { t, site } = fixture;
    const job = await built(site.owner.session, 'reportProjectCreate', {
      ...spanReport('csv', '1d', ['energy']),
      nids: [site.nid],
    });
    // A stored file of 2.5 MiB and some bytes: three whole pieces and a part of one, every byte value in it.
    const large = randomBytes(Math.floor(2.5 * 1024 * 1024) + 17);
    await t.db.update(reportJobs).set({ data: large, size: large.length }).where(eq(reportJobs.id, job.id));
    const { url, bytes } = await download(site.owner.session, job.fileName!);
    expect(bytes.length).toBe(large.length);
    expect(bytes.equals(large)).toBe(true);
    const response = await t.app.inject({ method: 'GET', url });
    expect(Number(response.headers['content-length'])).toBe(large.length);
  });

  it('lists the reports and answers a job’s state without reading any file’s bytes', async () => {
    const { t, site } = fixture;
    const job = await built(site.owner.session, 'reportProjectCreate', {
      ...spanReport('csv', '1d', ['energy']),
      nids: [site.nid],
    });
    // Each read of the report jobs, with the columns it names (none: every column).
    const reads: { fields: Record<string, unknown> | undefined }[] = [];
    const db = t.app.ctx.db;
    const select = db.select.bind(db);
    const spy = vi.spyOn(db, 'select').mockImplementation(((fields?: Record<string, unknown>) => {
      const builder = select(fields as never);
      const from = builder.from.bind(builder);
      builder.from = ((table: unknown) => {
        if (table === reportJobs) reads.push({ fields });
        return from(table as never);
      }) as never;
      return builder;
    }) as never);
    try {
      const listed = await call(t.app, 'reportList', { pid: site.network.pid }, site.owner.session);
      expect((listed.body.data as ReportJob[]).map((item) => item.id)).toContain(job.id);
      const state = await call(t.app, 'reportState', { id: job.id }, site.owner.session);
      expect((state.body.data as ReportJob).state).toBe('done');
    } finally {
      spy.mockRestore();
    }
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads) {
      expect(read.fields, 'a read of every column, the bytes included').toBeDefined();
      expect(Object.values(read.fields!)).not.toContain(reportJobs.data);
    }
  });
});
