/**
 * Prints how long a printed record takes to render and how large it is: the header block with both
 * logos, and a table of 100, 1,000 and 5,000 rows of Chinese, German and Spanish fitting names.
 * Run: `npm run bench:pdf`.
 */
import { encodePng } from '../../apps/server/src/demo/png.ts';
import { type PdfRow, renderPdf } from '../../apps/server/src/reports/pdf/render-pdf.ts';

const names = ['应急灯 一楼走廊', 'Notleuchte Büro Süd', 'Luminaria señalización'];

function rows(count: number): PdfRow[] {
  return Array.from({ length: count }, (_, i) => ({
    cells: [`${names[i % 3]} ${i + 1}`, `Zone ${(i % 40) + 1}`, '2026-03-04 10:15 CET', i % 9 ? 'passed' : 'missed'],
    highlight: i % 9 === 0,
  }));
}

for (const count of [100, 1000, 5000]) {
  const started = performance.now();
  const pdf = await renderPdf({
    header: {
      companyTitle: '光明照明工程有限公司 · Lichtwerk Müller GmbH',
      logo: encodePng(216, 162, (x) => (x < 108 ? [200, 30, 30] : [30, 30, 200])),
      wideLogo: encodePng(792, 162, () => [0, 120, 60]),
      fields: [{ label: 'Signatory', value: '张伟' }],
    },
    title: 'Prüfprotokoll · 应急照明检测记录',
    period: '2026',
    blocks: [
      {
        kind: 'table',
        columns: [{ label: 'Fitting', width: 3 }, { label: 'Zone' }, { label: 'Time', width: 2 }, { label: 'Grade' }],
        rows: rows(count),
      },
    ],
    generated: { at: new Date(), timeZone: 'Europe/Berlin', timeFormat: 0 },
    language: 'en',
  });
  const ms = performance.now() - started;
  console.log(
    `${String(count).padStart(5)} rows: ${ms.toFixed(0).padStart(5)} ms, ${(pdf.length / 1024).toFixed(1)} KiB`,
  );
}
