import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { writeReportCsv } from './csv-writer.ts';
import { writeReportPdf } from './pdf-writer.ts';
import type { ReportDocument, ReportPart, ReportTable } from './report-document.ts';
import { writeReportXlsx } from './xlsx-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'lw-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kinds: ReportTable = {
  title: 'Device kinds',
  columns: [{ label: '类型' }, { label: 'Devices (pcs)', decimals: 0 }, { label: 'Energy (kWh)', decimals: 3 }],
  rows: [
    ['灯具灯具灯具灯具灯具灯具', 3, 1.5],
    ['=SUM(A1)', null, 0],
    ['Total', 3, 1.5],
  ],
  highlight: [false, false, true],
};

const documentOf = (parts: ReportPart[]): ReportDocument => ({
  title: 'Statistics',
  lines: ['Project: Hall', 'As of 10/03/2026'],
  parts,
  language: 'en',
  orientation: 'landscape',
});

async function readBack(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

describe('writeReportXlsx', () => {
  it('lays out a sheet of one table: header row kept in view with filters, widths by text, text never a formula', async () => {
    const file = await writeReportXlsx(
      documentOf([{ name: 'Device kinds', sheet: 'Kinds', blocks: [{ kind: 'table', table: kinds }] }]),
    );
    const workbook = await readBack(file.data);
    expect(workbook.title).toBe('Statistics');
    const sheet = workbook.getWorksheet('Kinds')!;
    // Title, the two lines, an empty row, the table's title, then its header row (row 6).
    expect(sheet.getCell('A1').value).toBe('Statistics');
    expect(sheet.getCell('A3').value).toBe('As of 10/03/2026');
    expect(sheet.getCell('A5').value).toBe('Device kinds');
    expect(sheet.getRow(6).values).toEqual([undefined, '类型', 'Devices (pcs)', 'Energy (kWh)']);
    expect(sheet.getRow(6).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
    expect(sheet.autoFilter).toBe('A6:C9');
    // Numbers stay numbers with their column's decimals; formula-like text stays text.
    expect(sheet.getCell('B7').value).toBe(3);
    expect(sheet.getCell('C7').numFmt).toBe('0.000');
    expect(sheet.getCell('A8').value).toBe('=SUM(A1)');
    expect(sheet.getCell('A8').formula).toBeUndefined();
    expect(sheet.getCell('A8').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('B8').value).toBeNull();
    // The highlighted total row is bold, the others not.
    expect(sheet.getCell('A9').font?.bold).toBe(true);
    expect(sheet.getCell('A7').font?.bold).toBeFalsy();
    // As wide as the longest text and two more: twelve CJK characters take 24, "Devices (pcs)" 13.
    expect(sheet.getColumn(1).width).toBe(26);
    expect(sheet.getColumn(2).width).toBe(15);
    expect(sheet.getColumn(3).width).toBe(14);
  });

  it('keeps no rows in view on a sheet of several tables or none; widths from 8 to 60', async () => {
    const long: ReportTable = {
      title: 'Notes',
      columns: [{ label: 'Note' }, { label: 'n', decimals: 0 }],
      rows: [['x'.repeat(100), 1]],
    };
    const file = await writeReportXlsx(
      documentOf([
        {
          name: 'Two tables',
          blocks: [
            { kind: 'table', table: kinds },
            { kind: 'table', table: long },
          ],
        },
        { name: 'Text', blocks: [{ kind: 'paragraph', text: 'Nothing to list.' }] },
      ]),
    );
    const workbook = await readBack(file.data);
    const two = workbook.getWorksheet('Two tables')!;
    expect(two.views ?? []).not.toContainEqual(expect.objectContaining({ state: 'frozen' }));
    expect(two.autoFilter).toBeUndefined();
    expect(two.getColumn(1).width).toBe(60);
    expect(two.getColumn(2).width).toBe(15);
    expect(workbook.getWorksheet('Text')!.getCell('A5').value).toBe('Nothing to list.');
  });

  it('writes rows read a chunk at a time after the table’s own, all in order, as wide as the widest given', async () => {
    const pulled: number[] = [];
    const chunked: ReportTable = {
      title: 'Days',
      columns: [{ label: 'Day' }, { label: 'n', decimals: 0 }, { label: 'kWh', decimals: 3 }],
      rows: [['first', 0, 0]],
      highlight: [true],
      more: {
        count: 10_000,
        widest: [['day 10000', 10_000, 12_345.678]],
        *chunks() {
          for (let chunk = 0; chunk < 20; chunk += 1) {
            pulled.push(chunk);
            yield Array.from({ length: 500 }, (_, index) => {
              const n = chunk * 500 + index + 1;
              return [`day ${n}`, n, n / 1000 + 0.5];
            });
          }
        },
      },
    };
    const document = documentOf([{ name: 'Days', blocks: [{ kind: 'table', table: chunked }] }]);
    const sheet = (await readBack((await writeReportXlsx(document)).data)).getWorksheet('Days')!;
    expect(pulled).toHaveLength(20);
    // The header row is row 6; the table's own row, then the 10,000 rows of the chunks.
    expect(sheet.getRow(7).values).toEqual([undefined, 'first', 0, 0]);
    expect(sheet.getCell('A7').font?.bold).toBe(true);
    for (const n of [1, 500, 501, 7777, 10_000]) {
      expect(sheet.getRow(7 + n).values).toEqual([undefined, `day ${n}`, n, n / 1000 + 0.5]);
    }
    expect(sheet.getCell('A8').font?.bold).toBeFalsy();
    expect(sheet.getCell('C9000').numFmt).toBe('0.000');
    expect(sheet.rowCount).toBe(7 + 10_000);
    expect(sheet.autoFilter).toBe('A6:C10007');
    // "12345.678" is the widest number of the kWh column, "day 10000" of the first.
    expect(sheet.getColumn(1).width).toBe(11);
    expect(sheet.getColumn(3).width).toBe(11);

    pulled.length = 0;
    const lines = writeReportCsv(document).data.toString('utf8').slice(1).split('\r\n');
    expect(pulled).toHaveLength(20);
    expect(lines.slice(5, 9)).toEqual(['Day,n,kWh', 'first,0,0', 'day 1,1,0.501', 'day 2,2,0.502']);
    expect(lines.slice(-3)).toEqual(['day 9999,9999,10.499', 'day 10000,10000,10.5', '']);
  });

  it('names worksheets as Excel accepts: no forbidden characters, at most 31 long, each once, not History', async () => {
    const empty = (name: string, sheet?: string): ReportPart => ({ name, sheet, blocks: [] });
    const file = await writeReportXlsx(
      documentOf([
        empty('Age: years / buckets [all]'),
        empty('x'.repeat(40)),
        empty('X'.repeat(40)),
        empty("'Quoted'"),
        empty('History'),
        empty('A very long part name', 'Short'),
        empty('?*'),
        empty('灯'.repeat(40)),
      ]),
    );
    const names = (await readBack(file.data)).worksheets.map((sheet) => sheet.name);
    expect(names).toEqual([
      'Age years buckets all',
      'x'.repeat(31),
      `${'X'.repeat(27)} (2)`,
      'Quoted',
      'History (2)',
      'Short',
      'Sheet',
      '灯'.repeat(31),
    ]);
  });
});

describe('writeReportCsv', () => {
  it('titles a table by its part alone when it is titled as its part, and "part: table" otherwise', () => {
    const csv = writeReportCsv(
      documentOf([
        { name: 'Device kinds', blocks: [{ kind: 'table', table: kinds }] },
        { name: 'Energy', blocks: [{ kind: 'table', table: { ...kinds, title: 'By kind' } }] },
      ]),
    ).data.toString('utf8');
    const lines = csv.slice(1).split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['Statistics', 'Project: Hall', 'As of 10/03/2026', '', 'Device kinds']);
    expect(lines).toContain('Energy: By kind');
    expect(lines).toContain("'=SUM(A1),,0");
  });
});

describe('writeReportPdf', () => {
  it('prints a table titled as its part once, under the part’s heading', async () => {
    const file = await writeReportPdf(
      documentOf([
        { name: 'Device kinds', blocks: [{ kind: 'table', table: kinds }] },
        { name: 'Energy', blocks: [{ kind: 'table', table: { ...kinds, title: 'Energy by kind' } }] },
      ]),
      { companyTitle: 'Hall', logo: null, wideLogo: null, fields: [] },
      { at: new Date('2026-03-10T09:00:00Z'), timeZone: 'UTC', timeFormat: 1 },
    );
    const path = join(dir, 'writers.pdf');
    writeFileSync(path, file.data);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-']).toString('utf8');
    expect(text.match(/Device kinds/g)).toHaveLength(1);
    expect(text).toContain('Energy by kind');
  });
});
