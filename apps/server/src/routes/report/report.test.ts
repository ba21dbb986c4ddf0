import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Code,
  type DeviceReport,
  type FileDownloadLink,
  type NetworkEnergy,
  type ReportJob,
  ReportLimits,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  type Session,
  signedInUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { networks, networkUsers, reportJobs, users } from '../../db/schema.ts';
import { JOBS, startScheduler } from '../../jobs/scheduler.ts';
import { buildNetworkEnergy } from '../../services/energy/energy-views.ts';
import {
  claimReportJob,
  purgeReports,
  REPORT_STALE_SECONDS,
  REPORT_WORKER,
} from '../../services/reports/report-jobs.ts';
import { runReportJobs } from '../../services/reports/run-report-jobs.ts';
import { runOnce } from '../../services/run-once.ts';
import { reportSite, SITE_UNTIL } from './test-site.ts';

/** The end of the statistics spans the tests ask for: 29 October 2026, 12:00 in Berlin. */
const UNTIL = Date.UTC(2026, 9, 29, 11) / 1000;

type Site = Awaited<ReturnType<typeof reportSite>>;

/** A table of a report CSV: the lines after its title line up to the next empty line (header first). */
function csvTable(text: string, title: string): string[][] {
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  const start = lines.findIndex((line) => line === title || line === `"${title}"`);
  expect(start, `no table ${title}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '') break;
    rows.push(line.split(','));
  }
  return rows;
}

/** The rows of a worksheet table: the rows right after the row whose first cell is `title`, up to a gap. */
function sheetTable(sheet: ExcelJS.Worksheet, title: string): unknown[][] {
  const rows: unknown[][] = [];
  let last = -1;
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    if (last === -1 && values[0] === title) last = row.number;
    else if (last !== -1 && row.number === last + 1) {
      rows.push(Array.from(values, (value) => value ?? ''));
      last = row.number;
    } else if (last !== -1) last = -2;
  });
  return rows;
}

describeApi('report downloads: project and device reports built in the background', () => {
  let t: TestApp;
  let site: Site;
  const folder = mkdtempSync(join(tmpdir(), 'lw-report-'));

  beforeAll(async () => {
    t = await buildTestApp();
    // The spans end at noon on 29 October; the clock stands an hour after the last reading.
    t.clock.offsetMs = (SITE_UNTIL + 3600) * 1000 - Date.now();
    site = await reportSite(t, '上海办公室');
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const askProject = (session: Session | undefined, payload: Record<string, unknown>) =>
    call(t.app, 'reportProjectCreate', payload, session);
  const spanReport = (format: 'pdf' | 'csv' | 'xlsx', span = '7d', sections = ['energy', 'cost', 'co2']) => ({
    pid: site.owner.pid,
    period: { kind: 'span', span, until: UNTIL },
    sections,
    format,
  });

  /** Asks, builds every queued job and answers the finished job as the list shows it. */
  async function built(
    session: Session,
    name: 'reportProjectCreate' | 'reportDeviceCreate',
    payload: Record<string, unknown>,
  ) {
    const asked = await call(t.app, name, payload, session);
    expect(asked.body.code, asked.body.message).toBe(Code.ok);
    const job = asked.body.data as ReportJob;
    expect(job).toMatchObject({ state: 'queued', progress: 0, fileName: null });
    await runReportJobs(t.app.ctx);
    const state = await call(t.app, 'reportState', { id: job.id }, session);
    expect(state.body.code).toBe(Code.ok);
    const done = state.body.data as ReportJob;
    expect(done).toMatchObject({ state: 'done', progress: 100 });
    return done;
  }

  /** The bytes of a report through `fileDownloadUrl` and its signed link. */
  async function download(session: Session, fileName: string) {
    const link = await call(t.app, 'fileDownloadUrl', { fileName }, session);
    expect(link.body.code, link.body.message).toBe(Code.ok);
    const { url } = link.body.data as FileDownloadLink;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    return { url, bytes: response.rawPayload };
  }

  const overview = async (span: string) => {
    const reply = await call(t.app, 'networkEnergy', { nid: site.nid, span, until: UNTIL }, site.sub.session);
    expect(reply.body.code).toBe(Code.ok);
    return (reply.body.data as NetworkEnergy).figures;
  };

  it('carries the overview’s energy, cost and CO2 to the watt-hour and the cent, in the CSV and the XLSX', async () => {
    for (const span of ['7d', '30d']) {
      const figures = await overview(span);
      expect(figures.energyWh).toBeGreaterThan(0);
      expect(figures.cost.standing).toBeGreaterThan(0);
      const csvJob = await built(site.owner.session, 'reportProjectCreate', spanReport('csv', span));
      const csv = (await download(site.owner.session, csvJob.fileName!)).bytes.toString('utf8');
      const energy = csvTable(csv, 'Energy: Energy by network and source');
      expect(energy[0]![2]).toBe('Energy (kWh)');
      const [network, total] = energy.slice(1);
      expect(network![0]).toBe('上海办公室');
      for (const row of [network!, total!]) expect(Number(row[2])).toBe(Math.round(figures.energyWh) / 1000);
      expect(Number(network![4])).toBe(Math.round(figures.bySource.d4i) / 1000);
      const cost = csvTable(csv, 'Cost: Cost by network');
      expect(cost[1]!.slice(2, 5).map(Number)).toEqual([
        figures.cost.energy / 100,
        figures.cost.standing / 100,
        figures.cost.total / 100,
      ]);
      const co2 = csvTable(csv, 'CO2 and savings: CO2 and savings by network');
      expect(Number(co2[1]![2])).toBe(Math.round(figures.co2.grams) / 1000);
      const tariffs = csvTable(csv, 'Cost: Tariff versions used');
      // Both versions were in force within the period: each with its price and standing charge.
      expect(tariffs.slice(1).map((row) => [row[1], row[4], row[5]])).toEqual([
        ['2026-09-01', '0.3', '0.5'],
        ['2026-10-26', '0.4', '0.6'],
      ]);
      const sets = csvTable(csv, 'CO2 and savings: CO2 factor sets used');
      expect(sets[1]![1]).toBe(figures.co2.sets[0]!.factorLabel.split(' · ')[0]);

      const xlsxJob = await built(site.owner.session, 'reportProjectCreate', spanReport('xlsx', span));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await download(site.owner.session, xlsxJob.fileName!)).bytes as unknown as ArrayBuffer);
      const rows = sheetTable(workbook.getWorksheet('Energy')!, 'Energy by network and source');
      expect(rows[0]![2]).toBe('Energy (kWh)');
      expect(rows[2]!.slice(0, 3)).toEqual(['Total', '', Math.round(figures.energyWh) / 1000]);
      const costRows = sheetTable(workbook.getWorksheet('Cost')!, 'Cost by network');
      expect(costRows[1]!.slice(2, 5)).toEqual([
        figures.cost.energy / 100,
        figures.cost.standing / 100,
        figures.cost.total / 100,
      ]);
      const co2Rows = sheetTable(workbook.getWorksheet('CO2 and savings')!, 'CO2 and savings by network');
      expect(co2Rows[1]![2]).toBe(Math.round(figures.co2.grams) / 1000);
    }
  });

  it('says a comparison with an incompletely covered period is not comparable, never a percentage', async () => {
    const job = await built(site.sub.session, 'reportProjectCreate', spanReport('csv', '7d', ['energy']));
    const csv = (await download(site.sub.session, job.fileName!)).bytes.toString('utf8');
    const [, row] = csvTable(csv, 'Energy: Energy compared with the period before');
    // Data begins 20 October; the week before 23 October is not covered.
    expect(row!.slice(4).join(',')).toBe('Not comparable: data from 10/20/2026 on');
    expect(row![3]).toBe('');
    const day = await built(site.sub.session, 'reportProjectCreate', spanReport('csv', '1d', ['energy']));
    const [, covered] = csvTable(
      (await download(site.sub.session, day.fileName!)).bytes.toString('utf8'),
      'Energy: Energy compared with the period before',
    );
    expect(covered![4]).toMatch(/^[+-]?\d+\.\d %$|^0 %$/);
  });

  it('prints a PDF with the Chinese network name, the header block and numbered pages', async () => {
    await t.db.update(users).set({ language: 1 }).where(eq(users.id, site.installer.user.id));
    const job = await built(
      site.installer.session,
      'reportProjectCreate',
      spanReport('pdf', '30d', ['energy', 'cost', 'co2', 'emergency', 'equipment']),
    );
    const { bytes } = await download(site.installer.session, job.fileName!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(folder, 'project.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8');
    expect(text).toContain('上海办公室');
    expect(text).toContain('项目报告');
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`第 ${index + 1} 页，共 ${pages.length} 页`);
    });
    expect(job.sections).toEqual(['energy', 'cost', 'co2', 'emergency', 'equipment']);
  });

  it('lets every role ask and refuses strangers, other projects’ networks, bad periods and a fourth pending report', async () => {
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

  it('builds a custom range of whole local days in the site’s zone, across the clock change', async () => {
    const job = await built(site.owner.session, 'reportProjectCreate', {
      pid: site.owner.pid,
      period: { kind: 'range', from: '2026-10-24', to: '2026-10-25' },
      sections: ['energy'],
      format: 'csv',
    });
    // 24 October 00:00 CEST to 26 October 00:00 CET: 49 hours.
    expect(job.periodStart).toBe(Date.UTC(2026, 9, 23, 22) / 1000);
    expect(job.periodEnd).toBe(Date.UTC(2026, 9, 25, 23) / 1000);
    const csv = (await download(site.owner.session, job.fileName!)).bytes.toString('utf8');
    const [, row] = csvTable(csv, 'Energy: Energy by network and source');
    // The D4i lamp counts 60 Wh in each of the 49 hours.
    expect(Number(row![4])).toBe((49 * 60) / 1000);
  });

  it('lists kept reports to members of every network they cover, and purges them after 30 days', async () => {
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

  it('finishes a job whose process stopped mid-way, once its heartbeat is stale', async () => {
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

  describe('device reports', () => {
    const devicePayload = (format: 'pdf' | 'csv' | 'xlsx', target: object = { kind: 'network' }) => ({
      nid: site.nid,
      target,
      period: { kind: 'range', from: '2026-10-21', to: '2026-10-27' },
      format,
    });

    it('adds the devices of the whole network up to the overview’s energy, with daily usage and D4i', async () => {
      const { format: _format, ...printPayload } = devicePayload('pdf');
      const print = await call(t.app, 'reportDevicePrint', printPayload, site.sub.session);
      expect(print.body.code, print.body.message).toBe(Code.ok);
      const report = print.body.data as DeviceReport;
      expect(report.devices.map((device) => device.name)).toEqual(['D4i lamp', 'Hall lamp', 'Sensor']);
      const lamp = report.devices[0]!;
      // Seven local days, one of them 25 hours long.
      expect(lamp).toMatchObject({ source: 'd4i', onSeconds: 169 * 3600, energyWh: 169 * 60, d4iEnergyWh: 169 * 60 });
      expect(lamp.d4iOperatingSecondsInPeriod).toBe(168 * 3600);
      expect(report.devices[1]).toMatchObject({ source: 'estimate', onSeconds: 169 * 1800 });
      expect(report.devices[2]).toMatchObject({ triggers: 169, energyWh: 0, source: null });
      expect(report.days.map((day) => day.date)).toEqual([
        '2026-10-21',
        '2026-10-22',
        '2026-10-23',
        '2026-10-24',
        '2026-10-25',
        '2026-10-26',
        '2026-10-27',
      ]);
      expect(report.days[4]).toMatchObject({ onSeconds: 25 * 3600 + 25 * 1800, triggers: 25 });
      const period = { start: report.period.start, end: report.period.end };
      const [network] = await t.db.select().from(networks).where(eq(networks.id, site.nid));
      const whole = await buildNetworkEnergy(t.db, network!, period, Math.floor(t.clock.now().getTime() / 1000));
      expect(report.totals.energyWh).toBeCloseTo(whole.figures.energyWh, 3);
    });

    it('builds the selection of a zone as CSV, XLSX and PDF through the background jobs', async () => {
      for (const format of ['csv', 'xlsx', 'pdf'] as const) {
        const job = await built(
          site.owner.session,
          'reportDeviceCreate',
          devicePayload(format, { kind: 'zones', ids: [site.office.id] }),
        );
        expect(job).toMatchObject({ kind: 'device', format, target: { kind: 'zones', ids: [site.office.id] } });
        const { bytes } = await download(site.sub.session, job.fileName!);
        if (format === 'csv') {
          const rows = csvTable(bytes.toString('utf8'), 'Devices: Devices in the period');
          expect(rows.slice(1, -1).map((row) => row[0])).toEqual(['D4i lamp', 'Sensor']);
          const days = csvTable(bytes.toString('utf8'), 'Devices by day: Each device by day');
          expect(days).toHaveLength(1 + 7 * 2);
        }
        if (format === 'xlsx') {
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
          expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Devices', 'Days', 'Devices by day']);
        }
        if (format === 'pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      }
    });

    it('lets every role ask and refuses strangers and zones or devices of another network', async () => {
      for (const member of [site.owner, site.installer, site.sub]) {
        const reply = await call(t.app, 'reportDeviceCreate', devicePayload('csv'), member.session);
        expect(reply.body.code, reply.body.message).toBe(Code.ok);
      }
      await runReportJobs(t.app.ctx);
      expect((await call(t.app, 'reportDeviceCreate', devicePayload('csv'))).body.code).toBe(Code.sessionInvalid);
      const strange = await call(t.app, 'reportDeviceCreate', devicePayload('csv'), site.stranger.session);
      expect(strange.body.code).toBe(Code.noPermission);
      const { user: outsider } = await signedInUser(t);
      const elsewhere = await buildNetwork(t.db, site.stranger.pid, [{ uid: outsider.id, userType: 2 }]);
      for (const target of [
        { kind: 'devices', ids: [site.lamp.id, 2_000_000] },
        { kind: 'zones', ids: [site.hall.id, 2_000_000] },
      ]) {
        const reply = await call(t.app, 'reportDeviceCreate', devicePayload('csv', target), site.owner.session);
        expect(reply.body.code).toBe(Code.noPermission);
      }
      const { format: _format, ...printPayload } = devicePayload('pdf');
      const foreignNetwork = await call(
        t.app,
        'reportDevicePrint',
        { ...printPayload, nid: elsewhere.id },
        site.owner.session,
      );
      expect(foreignNetwork.body.code).toBe(Code.noPermission);
      const empty = await call(
        t.app,
        'reportDeviceCreate',
        devicePayload('csv', { kind: 'devices', ids: [] }),
        site.owner.session,
      );
      expect(empty.body.code).toBe(Code.badInput);
    });
  });
});
