import {
  Code,
  type FileDownloadLink,
  type NetworkEnergy,
  type ReportJob,
  SAMPLE_D4I_BANK_RAW,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  buildD4iElements,
  buildTestApp,
  call,
  networkTeam,
  officeAndHall,
  type Session,
  type TestApp,
} from '../../../test/helpers.ts';
import { buildGateway } from '../../../test/mqtt/fake-gateway.ts';
import { devices, networks, tariffVersions } from '../../db/schema.ts';
import { runReportJobs } from '../../services/reports/run-report-jobs.ts';
import { storeReports } from '../../telemetry/index.ts';

const HOUR = 3600;
/** 2026-10-20 00:00 in Berlin (UTC+2): the site's readings start here and run ten local days. */
const SITE_FROM = Date.UTC(2026, 9, 19, 22) / 1000;
/** 2026-10-30 00:00 in Berlin (UTC+1 after the clock change of 25 October). */
export const SITE_UNTIL = Date.UTC(2026, 9, 29, 23) / 1000;

/**
 * A network in Europe/Berlin (ten local days of hourly readings across the October clock change) for the
 * report tests (test factory): zone "Office" with a 100 W D4i lamp counting 60 Wh an hour (its driver's
 * operating time rising with it) and a motion sensor triggering once an hour, zone "Hall" with a 40 W lamp
 * without a counter (estimated, on half of each hour). Priced in EUR: 0.30/kWh with a standing charge of
 * 0.50 a day, then from 26 October 0.40/kWh and 0.60 a day. The team: owner, installer, sub-user and a
 * stranger, all signed in.
 */
export async function reportSite(t: TestApp, name = 'Office site') {
  const team = await networkTeam(t);
  const nid = team.network.id;
  await t.db
    .update(networks)
    .set({ name, timeZone: 'Europe/Berlin', currency: 'EUR', electricityPrice: 30, createdAt: new Date('2026-09-01') })
    .where(eq(networks.id, nid));
  await t.db.insert(tariffVersions).values([
    { nid, validFrom: '2026-09-01', pricePerKWh: 30, currency: 'EUR', standingChargePerDay: 50 },
    { nid, validFrom: '2026-10-26', pricePerKWh: 40, currency: 'EUR', standingChargePerDay: 60 },
  ]);
  const { gateway, sn } = await buildGateway(t.db, nid);
  const device = (mac: string, kind: string, deviceName: string, ratedPower: number | null, address: number) => ({
    nid,
    gatewayId: gateway.id,
    kind,
    name: deviceName,
    model: 'LW-TEST',
    mac,
    address,
    ratedPower,
    online: true,
  });
  const [lamp, plain, sensor] = await t.db
    .insert(devices)
    .values([
      device('CC0000000001', 'luminaire', 'D4i lamp', 100, 1),
      device('CC0000000002', 'luminaire', 'Hall lamp', 40, 2),
      device('CC0000000003', 'motionSensor', 'Sensor', null, 3),
    ])
    .returning();
  await buildD4iElements(t.db, [lamp!.id]);
  const zones = await officeAndHall(t.db, nid, { office: [lamp!.id, sensor!.id], hall: [plain!.id] }, [
    'L1',
    'S1',
    'L2',
  ]);
  const reports = [];
  for (let at = SITE_FROM, seq = 1; at <= SITE_UNTIL; at += HOUR, seq++) {
    reports.push({
      kind: 'readings' as const,
      seq,
      at,
      devices: [
        {
          mac: 'CC0000000001',
          elements: [
            {
              index: 0,
              energy: { raw: 1000 + seq * 60, scale: 0, serial: 'D-1', source: 'd4i' as const },
              onSeconds: 3600,
              d4i: { ...SAMPLE_D4I_BANK_RAW, gearOperatingTime: 100_000 + seq * 3600 },
            },
          ],
        },
        { mac: 'CC0000000002', elements: [{ index: 0, onSeconds: 1800 }] },
        { mac: 'CC0000000003', elements: [{ index: 0, triggers: 1 }] },
      ],
    });
  }
  await storeReports(t.db, [{ gateway: { id: gateway.id, nid, sn }, reports }], new Date((SITE_UNTIL + HOUR) * 1000));
  return { ...team, nid, lamp: lamp!, plain: plain!, sensor: sensor!, ...zones };
}

/** The end of the statistics spans the report tests ask for: 29 October 2026, 12:00 in Berlin. */
const UNTIL = Date.UTC(2026, 9, 29, 11) / 1000;

/** A table of a report CSV: the lines after its title line up to the next empty line (header first). */
export function csvTable(text: string, title: string): string[][] {
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
export function sheetTable(sheet: ExcelJS.Worksheet, title: string): unknown[][] {
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

/**
 * The report download tests' setup: registers the hooks that build an app with the report site named
 * "上海办公室" (the clock an hour after its last reading) and close it again, and answers its `t` and `site`
 * (set once the hooks ran) with the calls the tests make.
 */
export function useReportSite() {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof reportSite>>;
  beforeAll(async () => {
    t = await buildTestApp();
    // The spans end at noon on 29 October; the clock stands an hour after the last reading.
    t.clock.offsetMs = (SITE_UNTIL + 3600) * 1000 - Date.now();
    site = await reportSite(t, '上海办公室');
  });
  afterAll(() => t.close());

  const askProject = (session: Session | undefined, payload: Record<string, unknown>) =>
    call(t.app, 'reportProjectCreate', payload, session);
  /** A project report of the site over a span ending at `UNTIL`. */
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

  /** The network overview's figures over a span ending at `UNTIL`, as the sub-user sees them. */
  const overview = async (span: string) => {
    const reply = await call(t.app, 'networkEnergy', { nid: site.nid, span, until: UNTIL }, site.sub.session);
    expect(reply.body.code).toBe(Code.ok);
    return (reply.body.data as NetworkEnergy).figures;
  };

  return {
    get t() {
      return t;
    },
    get site() {
      return site;
    },
    askProject,
    spanReport,
    built,
    download,
    overview,
  };
}
