import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type CallName, calls, signParams } from '@lightwell/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../src/demo/seed-demo.ts';
import { OUTBOX_TOKEN_FILE } from '../src/mail/outbox-token.ts';
import { SIGNING_SECRET, TEST_CONSOLE_ENV, TEST_DB } from './helpers.ts';
import { freePort } from './mqtt/mosquitto.ts';
import { buildShippedBundle, type ShippedBundle } from './support/shipped-bundle.ts';

/*
 * The console as `npm start` ships it: the server bundle (built by the same function, beside the one `npm
 * start` runs), on the embedded database, in demo mode. Whatever it loads at run time (migrations, fonts of
 * the printed record, locales and mail templates, the web app) is loaded from where the bundle finds it;
 * every export and print is made once. One database is enough: the bundle is what is tested here.
 */
const root = new URL('../../..', import.meta.url).pathname;

interface Answer {
  code: number;
  data: unknown;
  message?: string;
}

describe.skipIf(TEST_DB !== 'pglite')('the console as shipped', () => {
  let bundle: ShippedBundle;
  const dataDir = mkdtempSync(join(tmpdir(), 'lightwell-shipped-'));
  let child: ChildProcess;
  let url: string;
  let output = '';
  let session: { token: string; uid: number };

  async function callShipped(name: CallName, payload: Record<string, unknown>, signed = true): Promise<Answer> {
    const body: Record<string, unknown> = signed
      ? { ...payload, token: session.token, uid: session.uid, version: '1.0.0', platform: 3, bundle: 'southgate' }
      : { ...payload };
    if (signed) body.sign = signParams(body, SIGNING_SECRET);
    const answer = await fetch(`${url}${calls[name].path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await answer.json()) as Answer;
  }

  beforeAll(async () => {
    bundle = await buildShippedBundle();
    child = spawn(process.execPath, [bundle.path], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        MQTT_PORT: String(await freePort()),
        MQTT_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: 'true',
        SIGNING_SECRET,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ...TEST_CONSOLE_ENV,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    url = await new Promise<string>((resolve, reject) => {
      child.on('message', (message: { type?: string; url?: string }) => {
        if (message.type === 'lightwell:ready' && message.url) resolve(message.url.replace('localhost', '127.0.0.1'));
      });
      child.once('exit', (code) => reject(new Error(`the console ended (${code}): ${output}`)));
    });
    const login = await callShipped('login', { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password }, false);
    expect(login.code).toBe(0);
    session = login.data as { token: string; uid: number };
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    bundle?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the inspector’s record as PDF, with the embedded fonts and Chinese text, and as CSV', async () => {
    const networks = await callShipped('networkAll', {});
    const [network] = networks.data as { id: number }[];
    const now = Math.floor(Date.now() / 1000);
    const period = { nid: network!.id, from: now - 365 * 86400, to: now };
    const pdf = await callShipped('emergencyRecordExport', { ...period, format: 'pdf' });
    expect(pdf.code, pdf.message).toBe(0);
    const file = join(dataDir, 'record.pdf');
    writeFileSync(file, Buffer.from((pdf.data as { base64: string }).base64, 'base64'));
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdffonts', [file]).toString()).toMatch(/NotoSansSC/);
    const zh = await callShipped('updateSetting', { language: 1 });
    expect(zh.code).toBe(0);
    const chinese = await callShipped('emergencyRecordExport', { ...period, format: 'pdf' });
    writeFileSync(file, Buffer.from((chinese.data as { base64: string }).base64, 'base64'));
    expect(execFileSync('pdftotext', [file, '-']).toString()).toMatch(/[\u4e00-\u9fff]/);
    const csv = await callShipped('emergencyRecordExport', { ...period, format: 'csv' });
    expect(csv.code).toBe(0);
    const text = Buffer.from((csv.data as { base64: string }).base64, 'base64').toString('utf8');
    expect(text.split('\n').length).toBeGreaterThan(1);
  });

  it('exports the equipment statistics as CSV, as XLSX that reads back, and as PDF in Chinese', async () => {
    const projects = await callShipped('projectInfoList', {});
    const project = (projects.data as { id: number; networks: unknown[] }[]).find((p) => p.networks.length > 0)!;
    const statistic = await callShipped('equipmentStatistic', { pid: project.id });
    expect(statistic.code, statistic.message).toBe(0);
    const devices = (statistic.data as { total: { devices: number } }).total.devices;
    expect(devices).toBeGreaterThan(0);
    const fileOf = async (format: 'csv' | 'xlsx' | 'pdf') => {
      const answer = await callShipped('equipmentExport', { pid: project.id, format });
      expect(answer.code, `${format}: ${answer.message}`).toBe(0);
      return Buffer.from((answer.data as { base64: string }).base64, 'base64');
    };
    const csv = (await fileOf('csv')).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(`,${devices},`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await fileOf('xlsx')) as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(8);
    const summary = workbook.worksheets[0]!;
    expect(summary.getRow(summary.rowCount).getCell(2).value).toBe(devices);
    // The user reads Chinese since the record's test above.
    const file = join(dataDir, 'equipment.pdf');
    writeFileSync(file, await fileOf('pdf'));
    expect(execFileSync('pdffonts', [file]).toString()).toMatch(/NotoSansSC/);
    expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('网络设备统计');
  });

  /** Asks for a report, waits for a server process to build it, and answers its file's bytes. */
  async function shippedReport(name: 'reportProjectCreate' | 'reportDeviceCreate', payload: Record<string, unknown>) {
    const asked = await callShipped(name, payload);
    expect(asked.code, asked.message).toBe(0);
    const { id } = asked.data as { id: number };
    const deadline = Date.now() + 90_000;
    let job = asked.data as { state: string; fileName: string | null };
    while (job.state !== 'done' && job.state !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = (await callShipped('reportState', { id })).data as typeof job;
    }
    expect(job.state).toBe('done');
    const link = await callShipped('fileDownloadUrl', { fileName: job.fileName });
    expect(link.code, link.message).toBe(0);
    const file = await fetch(`${url}${(link.data as { url: string }).url}`);
    expect(file.status).toBe(200);
    return Buffer.from(await file.arrayBuffer());
  }

  it('builds reports in its report worker, started from the worker bundle beside the server bundle', async () => {
    expect(existsSync(bundle.worker)).toBe(true);
    // The writers are chunks of their own, loaded by the build that asks for one: the worker starts without
    // exceljs, pdfkit's fonts or ECharts, and a PDF build never loads the spreadsheet writer.
    const entry = readFileSync(bundle.worker, 'utf8');
    expect(entry).not.toMatch(/WorkbookWriter|echarts|svg-to-pdfkit/);
    const chunks = readdirSync(dirname(bundle.worker));
    for (const writer of ['pdf-writer', 'xlsx-writer', 'csv-writer']) {
      expect(chunks.some((name) => name.startsWith(`${writer}-`) && name.endsWith('.mjs'))).toBe(true);
    }
    const projects = await callShipped('projectInfoList', {});
    const [project] = (projects.data as { networks: { id: number }[] }[]).filter((p) => p.networks.length > 0);
    const payload = {
      nid: project!.networks[0]!.id,
      target: { kind: 'network' },
      period: { kind: 'span', span: '7d' },
    };
    // With its worker bundle away, the console cannot build: the job fails and the console stays up.
    renameSync(bundle.worker, `${bundle.worker}.away`);
    try {
      const asked = await callShipped('reportDeviceCreate', { ...payload, format: 'csv' });
      expect(asked.code, asked.message).toBe(0);
      let job = asked.data as { id: number; state: string };
      while (job.state !== 'done' && job.state !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 500));
        job = (await callShipped('reportState', { id: job.id })).data as typeof job;
      }
      expect(job.state).toBe('failed');
    } finally {
      renameSync(`${bundle.worker}.away`, bundle.worker);
    }
    // With it back, the next report starts a worker again.
    const csv = await shippedReport('reportDeviceCreate', { ...payload, format: 'csv' });
    expect(csv.toString('utf8').split('\r\n').length).toBeGreaterThan(5);
  });

  it('builds project and device reports in the background as PDF (charts, fonts), XLSX and CSV', async () => {
    const projects = await callShipped('projectInfoList', {});
    const [project] = (projects.data as { id: number; networks: { id: number }[] }[]).filter(
      (p) => p.networks.length > 0,
    );
    const period = { kind: 'span', span: '7d' };
    const pdf = await shippedReport('reportProjectCreate', {
      pid: project!.id,
      period,
      sections: ['energy', 'cost', 'co2', 'emergency', 'equipment'],
      format: 'pdf',
    });
    const file = join(dataDir, 'report.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('pdffonts', [file]).toString()).toMatch(/NotoSansSC/);
    // The mail test before switched the account to Chinese.
    expect(execFileSync('pdftotext', [file, '-']).toString()).toMatch(/Page 1 of \d+|第 1 页，共 \d+ 页/);
    const xlsx = await shippedReport('reportProjectCreate', {
      pid: project!.id,
      period,
      sections: ['energy'],
      format: 'xlsx',
    });
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    const nid = project!.networks[0]!.id;
    const csv = await shippedReport('reportDeviceCreate', { nid, target: { kind: 'network' }, period, format: 'csv' });
    expect(csv.toString('utf8').split('\r\n').length).toBeGreaterThan(5);
  });

  it('renders a mail from its templates and locales, and keeps it for npm run mail', async () => {
    const email = `shipped-${randomBytes(3).toString('hex')}@example.com`;
    expect((await callShipped('registerCode', { email, language: 2 }, false)).code).toBe(0);
    const token = readFileSync(join(dataDir, OUTBOX_TOKEN_FILE), 'utf8').trim();
    const outbox = await fetch(`${url}/outbox?to=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await outbox.text();
    expect(text).toContain(`mail to ${email}`);
    expect(text).toMatch(/Registrierungscode/);
  });

  it('serves the web app and its assets', async () => {
    const page = await fetch(`${url}/login`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    const asset = html.match(/\/assets\/[^"']+\.js/)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(`${url}${asset}`)).status).toBe(200);
  });
});
