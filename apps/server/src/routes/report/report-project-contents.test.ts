import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, expect, it } from 'vitest';
import { describeApi } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';
import { csvTable, sheetTable, useReportSite } from './test-site.ts';

const fixture = useReportSite();
const { spanReport, built, download, overview } = fixture;
const folder = mkdtempSync(join(tmpdir(), 'lw-report-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describeApi('report downloads: the project report’s figures in the CSV and the XLSX, and its comparisons', () => {
  it('carries the overview’s energy, cost and CO2 to the watt-hour and the cent, in the CSV and the XLSX', async () => {
    const { site } = fixture;
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
    const { site } = fixture;
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
});

describeApi('report downloads: the project report over local days, and printed', () => {
  it('builds a custom range of whole local days in the site’s zone, across the clock change', async () => {
    const { site } = fixture;
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

  it('prints a PDF with the Chinese network name, the header block and numbered pages', async () => {
    const { t, site } = fixture;
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
});
