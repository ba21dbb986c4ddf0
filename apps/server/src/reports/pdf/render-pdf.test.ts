import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../demo/png.ts';
import { CHART_SIZE, renderBarChartSvg } from '../chart-svg.ts';
import { type PdfBlock, type PdfDocumentSpec, renderPdf } from './render-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'lw-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const months = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober'];
const rows = Array.from({ length: 120 }, (_, i) => ({
  cells: [
    i % 3 === 0 ? `应急灯 ${i + 1} 号` : i % 3 === 1 ? `Notleuchte Büro ${i + 1}` : `Luminaria pasillo ${i + 1}`,
    i % 2 === 0 ? '一楼走廊' : 'Escalera señalización',
    months[i % months.length]!,
    i % 7 === 0 ? 'missed' : 'passed',
  ],
  highlight: i % 7 === 0,
}));

const spec: PdfDocumentSpec = {
  header: {
    companyTitle: '光明照明工程有限公司 · Lichtwerk Müller GmbH',
    logo: encodePng(216, 162, (x) => (x < 108 ? [200, 30, 30] : [30, 30, 200])),
    wideLogo: encodePng(792, 162, () => [0, 120, 60]),
    fields: [
      { label: 'Signatory', value: '张伟' },
      { label: 'Role', value: 'Sicherheitsbeauftragter' },
      { label: 'Phone', value: '+34 912 345 678' },
      { label: 'Address', value: 'Calle de Alcalá 1, Madrid' },
      { label: 'E-mail', value: '' },
    ],
  },
  title: '应急照明检测记录 – Prüfprotokoll – Registro de inspección',
  period: '01/01/2026 – 12/31/2026',
  blocks: [
    { kind: 'heading', text: '测试结果 · Señalización' },
    { kind: 'paragraph', text: 'Größe und Maße: straße, niño, año.' },
    {
      kind: 'table',
      columns: [
        { label: '灯具 Leuchte', width: 2 },
        { label: 'Zona', width: 2 },
        { label: 'Monat' },
        { label: 'Grade' },
      ],
      rows,
    },
  ],
  generated: { at: new Date('2026-07-01T10:30:00Z'), timeZone: 'Europe/Berlin', timeFormat: 2 },
  language: 'en',
};

/** Dark pixels (grey below 128) inside a rectangle of a binary PGM image. */
function darkPixels(pgm: Buffer, box: { x: number; y: number; w: number; h: number }): number {
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a binary PGM');
  const width = Number(header[1]);
  const offset = header[0].length;
  let dark = 0;
  for (let y = Math.floor(box.y); y < Math.ceil(box.y + box.h); y += 1) {
    for (let x = Math.floor(box.x); x < Math.ceil(box.x + box.w); x += 1) {
      if (pgm[offset + y * width + x]! < 128) dark += 1;
    }
  }
  return dark;
}

describe('renderPdf', { timeout: 60_000 }, () => {
  it('prints Chinese, German and Spanish text, repeats the table header and numbers the pages', async () => {
    const pdf = await renderPdf(spec);
    const file = join(dir, 'record.pdf');
    writeFileSync(file, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8');
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const snippet of ['光明照明工程有限公司', 'Lichtwerk Müller GmbH', '张伟', 'Calle de Alcalá', '应急灯 1 号']) {
      expect(text).toContain(snippet);
    }
    expect(text).toContain('Prüfprotokoll');
    expect(text).toContain('Escalera señalización');
    expect(text).toContain('niño, año');
    expect(text).not.toContain('E-mail:');
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Generated 01/07/2026 12:30 CEST');
      expect(page).toContain('灯具 Leuchte');
    });
  });

  it('draws the CJK glyphs: the area of a Chinese word on the rendered page is not blank', async () => {
    const file = join(dir, 'cjk.pdf');
    writeFileSync(file, await renderPdf(spec));
    const bbox = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']).toString('utf8');
    const word = bbox.match(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">光明照明工程有限公司<\/word>/,
    );
    expect(word).not.toBeNull();
    // 144 dpi: two pixels per PDF point.
    const [xMin, yMin, xMax, yMax] = word!.slice(1).map((v) => Number(v) * 2) as [number, number, number, number];
    execFileSync('pdftoppm', ['-gray', '-r', '144', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    const pgm = readFileSync(join(dir, 'page-1.pgm'));
    const box = { x: xMin, y: yMin, w: xMax - xMin, h: yMax - yMin };
    // Set glyphs cover a good part of their box; missing glyphs (blank or .notdef boxes) cover almost none.
    expect(darkPixels(pgm, box)).toBeGreaterThan(box.w * box.h * 0.15);
  });

  it('draws the header block on every page when asked, the wide logo on the first only', async () => {
    const text = async (repeatHeader: boolean) => {
      const file = join(dir, `repeat-${repeatHeader}.pdf`);
      writeFileSync(file, await renderPdf({ ...spec, repeatHeader }));
      const pages = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8').split('\f');
      return { file, pages: pages.filter((page) => page.trim() !== '') };
    };
    const once = await text(false);
    expect(once.pages.slice(1).some((page) => page.includes('光明照明工程有限公司'))).toBe(false);
    const every = await text(true);
    expect(every.pages.length).toBeGreaterThanOrEqual(3);
    every.pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain('光明照明工程有限公司');
      expect(page, `page ${i + 1}`).toContain('Sicherheitsbeauftragter');
      // The block comes first, the table's repeated header row below it.
      expect(page.indexOf('光明照明工程有限公司'), `page ${i + 1}`).toBeLessThan(page.indexOf('灯具 Leuchte'));
    });
    // Images: the wide logo and the logo on the first page, only the logo on the others.
    const images = execFileSync('pdfimages', ['-list', every.file]).toString('utf8').split('\n').slice(2);
    const perPage = (page: number) => images.filter((line) => line.trim().split(/\s+/)[0] === String(page)).length;
    expect(perPage(1)).toBe(2);
    expect(perPage(2)).toBe(1);
  });

  it('draws a server-side ECharts chart as vectors with its texts, and keeps a caption with its table', async () => {
    const svg = renderBarChartSvg({
      title: '按来源的能耗',
      categories: ['10/24', '10/25', '10/26'],
      series: [
        { name: 'D4i', values: [1.4, 1.5, 1.44], color: '#1f3a93' },
        { name: 'Schätzung', values: [0.5, 0.5, 0.48], color: '#5b2c06' },
      ],
      unit: 'kWh',
    });
    expect(svg.startsWith('<svg')).toBe(true);
    // A chart low on the page and a table under it: the caption must not stay behind on its own.
    const filler = Array.from({ length: 33 }, (_, i) => ({ kind: 'paragraph' as const, text: `Zeile ${i + 1}` }));
    const pdf = await renderPdf({
      ...spec,
      repeatHeader: false,
      header: { companyTitle: 'Solo', logo: null, wideLogo: null, fields: [] },
      blocks: [
        { kind: 'chart', svg, ...CHART_SIZE },
        ...filler,
        {
          kind: 'table',
          caption: 'Tabelle der Tage',
          columns: [{ label: 'Tag' }, { label: 'kWh' }],
          rows: rows.slice(0, 3),
        },
      ],
    });
    const file = join(dir, 'chart.pdf');
    writeFileSync(file, pdf);
    const pages = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])
      .toString('utf8')
      .split('\f')
      .filter((page) => page.trim() !== '');
    for (const label of ['按来源的能耗', '10/25', 'Schätzung', 'kWh']) expect(pages[0]).toContain(label);
    const withCaption = pages.find((page) => page.includes('Tabelle der Tage'));
    expect(withCaption).toContain('Tag');
    expect(withCaption!.indexOf('Tabelle der Tage')).toBeLessThan(withCaption!.indexOf('应急灯 1 号'));
    // The bars are drawn: the chart's area of the first page is inked, not blank.
    execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', file, join(dir, 'chart')]);
    const pgm = readFileSync(join(dir, 'chart-1.pgm'));
    expect(darkPixels(pgm, { x: 100, y: 160, w: 600, h: 200 })).toBeGreaterThan(1000);
  });

  it('lets the event loop turn while it draws a long table', async () => {
    // A task that puts itself back at each turn of the loop counts the turns taken while the record is drawn.
    let turns = 0;
    let drawing = true;
    const count = () => {
      if (!drawing) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    const many = Array.from({ length: 400 }, (_, i) => rows[i % rows.length]!);
    const pdf = await renderPdf({ ...spec, blocks: [{ ...spec.blocks[2]!, rows: many } as PdfBlock] });
    drawing = false;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A table drawn in one go would let the task run once or twice, at its end.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('prints a record without logos or fields, in another language', async () => {
    const pdf = await renderPdf({
      ...spec,
      header: { companyTitle: 'Solo', logo: null, wideLogo: null, fields: [] },
      blocks: [],
      language: 'de',
    });
    const file = join(dir, 'plain.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
    expect(text).toContain('Seite 1 von 1');
    expect(text).toContain('Erstellt 01/07/2026 12:30 CEST');
  });
});
