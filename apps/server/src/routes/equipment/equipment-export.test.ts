import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, type Session, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';
import { installation as installationOf, statisticsOf as statisticsFor } from './test-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const dir = mkdtempSync(join(tmpdir(), 'lw-equipment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const installation = () => installationOf(t);
const statisticsOf = (session: Session, payload: Record<string, unknown>) => statisticsFor(t, session, payload);

/** Rows of a CSV file (RFC 4180: quoted fields may hold the separator, quotes and line breaks). */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

/** The header and rows of the CSV block under the title line `title`. */
function csvBlock(rows: string[][], title: string): { header: string[]; rows: string[][] } {
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, i) => i > start && row.length === 1 && row[0] === '');
  return { header: rows[start + 1]!, rows: rows.slice(start + 2, end === -1 ? undefined : end) };
}

const exportOf = async (session: Session, payload: Record<string, unknown>) => {
  const reply = await call(t.app, 'equipmentExport', payload, session);
  expect(reply.body.code).toBe(Code.ok);
  const data = reply.body.data as { fileName: string; contentType: string; base64: string };
  return { ...data, bytes: Buffer.from(data.base64, 'base64') };
};

describeApi('network equipment statistics exports', () => {
  it('exports a CSV whose totals are the call’s answer', async () => {
    const { owner, hall, upstairs } = await installation();
    const { data } = await statisticsOf(owner.session, { pid: owner.pid });
    const file = await exportOf(owner.session, { pid: owner.pid, format: 'csv' });
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.fileName).toMatch(new RegExp(`^equipment-statistics-${owner.pid}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = file.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1), ',');
    const summary = csvBlock(rows, 'Networks');
    const column = (name: string) => summary.header.indexOf(name);
    expect(summary.header.slice(0, 7)).toEqual([
      'Network',
      'Devices (pcs)',
      'Online (pcs)',
      'Offline (pcs)',
      'Faulty (pcs)',
      'Planned (pcs)',
      'Emergency fittings (pcs)',
    ]);
    const totalRow = summary.rows.find((row) => row[0] === 'All selected networks')!;
    expect(totalRow.slice(1, 7).map(Number)).toEqual([
      data.total.devices,
      data.total.online,
      data.total.offline,
      data.total.faulty,
      data.total.planned,
      data.total.emergency.fittings,
    ]);
    expect(summary.rows.find((row) => row[0] === '二楼 走廊')![column('Devices (pcs)')]).toBe('1');
    expect(totalRow[column('Installed earliest')]).toBe('PIR hall (LW-PIR)');
    // Each breakdown of all the networks together adds up to the call's totals, and per network to its own.
    const sumOf = (title: string, label: string, header: string) => {
      const block = csvBlock(rows, title);
      const at = block.header.indexOf(header);
      return block.rows.filter((row) => row[0] === label).reduce((sum, row) => sum + Number(row[at]), 0);
    };
    for (const [title, header] of [
      ['Device kinds', 'Devices (pcs)'],
      ['Models', 'Devices (pcs)'],
      ['Firmware versions', 'Devices (pcs)'],
      ['Hardware versions', 'Devices (pcs)'],
      ['Age since installation', 'Devices (pcs)'],
    ] as const) {
      expect(sumOf(title, 'All selected networks', header), title).toBe(data.total.devices);
      expect(sumOf(title, 'Hall A', header), title).toBe(data.networks.find((n) => n.nid === hall.id)!.figures.devices);
      expect(sumOf(title, '二楼 走廊', header), title).toBe(
        data.networks.find((n) => n.nid === upstairs.id)!.figures.devices,
      );
    }
    expect(sumOf('Device kinds', 'All selected networks', 'Faulty (pcs)')).toBe(data.total.faulty);
    expect(sumOf('Emergency fittings by battery state', 'All selected networks', 'Emergency fittings (pcs)')).toBe(
      data.total.emergency.fittings,
    );
    const lastTest = 'Emergency fittings by last test result';
    expect(sumOf(lastTest, 'All selected networks', 'Last function test (pcs)')).toBe(data.total.emergency.fittings);
    expect(sumOf(lastTest, 'All selected networks', 'Last duration test (pcs)')).toBe(data.total.emergency.fittings);
    const firmware = csvBlock(rows, 'Firmware versions').rows.filter((row) => row[0] === 'All selected networks');
    expect(firmware).toContainEqual(['All selected networks', 'LW-PIR', 'Not reported', '1']);
  });

  it('exports an XLSX whose worksheets read back to the call’s answer', async () => {
    const { owner } = await installation();
    const { data } = await statisticsOf(owner.session, { pid: owner.pid });
    const file = await exportOf(owner.session, { pid: owner.pid, format: 'xlsx' });
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Networks',
      'Kinds',
      'Models',
      'Firmware',
      'Hardware',
      'Age',
      'Battery',
      'Last test',
    ]);
    // Each worksheet: the title and what the file covers, then the table's title, its header row (kept in
    // view when scrolling) and its rows.
    const rowsOf = (name: string, title: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const values: unknown[][] = [];
      sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      expect(values.slice(0, 3).map((row) => row[0])).toEqual([
        'Network equipment statistics',
        expect.stringContaining('Hall A'),
        expect.stringMatching(/^As of /),
      ]);
      const at = values.findIndex((row) => row.length === 1 && row[0] === title);
      expect(at, title).toBeGreaterThan(0);
      const view = sheet.views[0] as { state: string; ySplit: number };
      expect(view.state).toBe('frozen');
      const head = sheet.getRow(view.ySplit);
      expect((head.values as unknown[]).slice(1)).toEqual(values[at + 1]);
      return { header: values[at + 1] as string[], rows: values.slice(at + 2) };
    };
    const summary = rowsOf('Networks', 'Networks');
    const total = summary.rows.find((row) => row[0] === 'All selected networks')!;
    expect(total.slice(1, 7)).toEqual([
      data.total.devices,
      data.total.online,
      data.total.offline,
      data.total.faulty,
      data.total.planned,
      data.total.emergency.fittings,
    ]);
    const sum = (name: string, title: string, column: string) => {
      const sheet = rowsOf(name, title);
      const at = sheet.header.indexOf(column);
      return sheet.rows
        .filter((row) => row[0] === 'All selected networks')
        .reduce((sum: number, row) => sum + (row[at] as number), 0);
    };
    expect(sum('Kinds', 'Device kinds', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Kinds', 'Device kinds', 'Online (pcs)')).toBe(data.total.online);
    expect(sum('Models', 'Models', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Firmware', 'Firmware versions', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Age', 'Age since installation', 'Devices (pcs)')).toBe(data.total.devices);
    expect(sum('Battery', 'Emergency fittings by battery state', 'Emergency fittings (pcs)')).toBe(
      data.total.emergency.fittings,
    );
  });

  it('exports a PDF that opens, with the header and number on every page, in Chinese for a reader of zh', async () => {
    const { owner } = await installation();
    await t.db.update(users).set({ language: 1 }).where(eq(users.id, owner.user.id));
    const { data } = await statisticsOf(owner.session, { pid: owner.pid });
    const file = await exportOf(owner.session, { pid: owner.pid, format: 'pdf' });
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toMatch(/^设备统计-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const path = join(dir, 'equipment.pdf');
    writeFileSync(path, file.bytes);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-']).toString('utf8');
    expect(text).toContain('网络设备统计');
    expect(text).toContain('二楼 走廊');
    expect(text).toContain('所选全部网络');
    expect(text).toContain('灯具');
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    // Every page: the header block (the project's name while no company title is set) and its number.
    pages.forEach((page, i) => {
      expect(page).toContain(data.project.name);
      expect(page).toContain(`第 ${i + 1} 页，共 ${pages.length} 页`);
    });
  });
});
