import { Code, type DeviceReport } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { buildNetwork, call, describeApi, signedInUser } from '../../../test/helpers.ts';
import { networks } from '../../db/schema.ts';
import { buildNetworkEnergy } from '../../services/energy/energy-views.ts';
import { runReportJobs } from '../../services/reports/run-report-jobs.ts';
import { csvTable, useReportSite } from './test-site.ts';

const fixture = useReportSite();
const { built, download } = fixture;

const devicePayload = (format: 'pdf' | 'csv' | 'xlsx', target: object = { kind: 'network' }) => ({
  nid: fixture.site.nid,
  target,
  period: { kind: 'range', from: '2026-10-21', to: '2026-10-27' },
  format,
});

describeApi('report downloads: device reports of a network or a zone, printed and built in the background', () => {
  it('adds the devices of the whole network up to the overview’s energy, with daily usage and D4i', async () => {
    const { t, site } = fixture;
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
    const { site } = fixture;
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
});

describeApi('report downloads: who may ask for a device report', () => {
  it('lets every role ask and refuses strangers and zones or devices of another network', async () => {
    const { t, site } = fixture;
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
