import { startOfLocalDay } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../../test/helpers.ts';
import { networks } from '../../db/schema.ts';
import { writeReportCsv } from '../../reports/csv-writer.ts';
import type { ReportCell, ReportTable } from '../../reports/report-document.ts';
import { writeReportXlsx } from '../../reports/xlsx-writer.ts';
import { reportSite, SITE_UNTIL } from '../../routes/report/test-site.ts';
import { buildDeviceReport } from './device-report.ts';
import { deviceReportDocument } from './device-report-document.ts';
import { reportText } from './report-text.ts';

describeApi('device report files', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof reportSite>>;

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = (SITE_UNTIL + 3600) * 1000 - Date.now();
    site = await reportSite(t);
  });
  afterAll(async () => t.close());

  describe('each device by day', () => {
    it('is written to the CSV and XLSX a chunk of device-days at a time, all in order (by date, then device)', async () => {
      const [network] = await t.db.select().from(networks).where(eq(networks.id, site.nid));
      const zone = 'Europe/Berlin';
      // Ten local days (20 to 29 October) of the site's three devices: 30 device-days.
      const period = {
        start: startOfLocalDay({ year: 2026, month: 10, day: 20 }, zone),
        end: startOfLocalDay({ year: 2026, month: 10, day: 30 }, zone),
      };
      const report = await buildDeviceReport(t.app.ctx, network!, { kind: 'network' }, period);
      const document = deviceReportDocument(reportText(0, 1), report, false, 4);
      const block = document.parts[2]!.blocks[0]!;
      if (block.kind !== 'table') throw new Error('no table of each device by day');
      // Count the chunks as the writers read them.
      const table: ReportTable = block.table;
      const more = table.more!;
      let read = 0;
      table.more = {
        ...more,
        *chunks() {
          for (const chunk of more.chunks()) {
            read += 1;
            expect(chunk.length).toBeLessThanOrEqual(4);
            yield chunk;
          }
        },
      };
      expect(table.rows).toEqual([]);

      const dates = Array.from({ length: 10 }, (_, day) => `2026-10-${20 + day}`);
      const expected = dates.flatMap((date) => ['D4i lamp', 'Hall lamp', 'Sensor'].map((name) => [name, date]));

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await writeReportXlsx(document)).data as unknown as ArrayBuffer);
      expect(read).toBe(8);
      const sheet = workbook.getWorksheet('Devices by day')!;
      // Title, five lines, a gap, the table's title and its header row (row 9), then the device-days.
      expect(sheet.getCell('A9').value).toBe('Device');
      const rows: ReportCell[][] = [];
      for (let number = 10; number <= sheet.rowCount; number += 1) {
        rows.push((sheet.getRow(number).values as ReportCell[]).slice(1));
      }
      expect(rows.map((row) => row.slice(0, 2))).toEqual(expected);
      expect(sheet.autoFilter).toBe('A9:F39');
      // The lamp counts 60 Wh an hour: 24 hours a day, 25 on the day the clocks go back, 23 on the first
      // (its first reading starts the counter).
      const lamp = rows.filter((row) => row[0] === 'D4i lamp').map((row) => row[3]);
      expect(lamp).toEqual(dates.map((date, day) => (day === 0 ? 1.38 : date === '2026-10-25' ? 1.5 : 1.44)));
      expect(sheet.getCell('D10').numFmt).toBe('0.000');
      expect(rows.filter((row) => row[0] === 'Sensor').map((row) => row[5])).toEqual(
        dates.map((date) => (date === '2026-10-25' ? 25 : 24)),
      );

      read = 0;
      const csv = writeReportCsv(document).data.toString('utf8').split('\r\n');
      expect(read).toBe(8);
      const head = csv.indexOf('Devices by day: Each device by day');
      expect(csv.slice(head + 2, head + 2 + 30).map((line) => line.split(',').slice(0, 2))).toEqual(expected);
      expect(csv[head + 2 + 30]).toBe('');

      // The PDF lists them as rows.
      const pdfBlock = deviceReportDocument(reportText(0, 1), report, true).parts[2]!.blocks[0]!;
      if (pdfBlock.kind !== 'table') throw new Error('no table of each device by day');
      expect(pdfBlock.table.more).toBeUndefined();
      expect(pdfBlock.table.rows.map((row) => row.slice(0, 2))).toEqual(expected);
    });
  });
});
