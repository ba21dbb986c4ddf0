import { describe, expect, it } from 'vitest';
import type { PeriodicReportTemplate } from './report-mail.ts';
import { renderMail } from './templates.ts';

const VIEW = 'https://console.example.com/report/projectPDF1?link=abc.def';
const MANAGE = 'https://console.example.com/email/register?link=ghi.jkl';

const report: PeriodicReportTemplate = {
  name: 'periodicReport',
  project: 'Klinikum http://evil.test Süd',
  cycle: 'monthly',
  period: '2026-03, 2026-03-01 – 2026-03-31',
  networks: 2,
  figures: [
    { name: 'networks', value: 2, unit: null },
    { name: 'energyKWh', value: 1234.5, unit: 'kWh' },
    { name: 'cost', value: 370.35, unit: 'GBP' },
    { name: 'co2Kg', value: 218.5, unit: 'kg' },
  ],
  formats: ['pdf', 'csv'],
  url: VIEW,
  until: Date.parse('2026-05-01T00:00:00Z') / 1000,
  manageUrl: MANAGE,
  late: null,
  restated: null,
};

describe('the periodic report e-mail', () => {
  it.each([
    [0, 'Energy report (monthly), 2026-03', 'Energy: 1,234.500 kWh', 'Cost: 370.35 GBP'],
    [1, '能耗报告（每月），2026-03', '能耗：1,234.500 kWh', '费用：370.35 GBP'],
    [2, 'Energiebericht (monatliche), 2026-03', 'Energie: 1.234,500 kWh', 'Kosten: 370,35 GBP'],
    [3, 'Informe de energía (mensual), 2026-03', 'Energía: 1234,500 kWh', 'Coste: 370,35 GBP'],
  ])('is written in language %i with its totals in the reader’s number format', (language, subject, energy, cost) => {
    const mail = renderMail(report, language);
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain(energy);
    expect(mail.text).toContain(cost);
    expect(mail.text).toContain('PDF, CSV');
    expect(mail.html).toContain(energy);
  });

  it('quotes the project name and carries no link but the web version and the recipient’s page', () => {
    const mail = renderMail(report, 0);
    expect(mail.text).toContain('the project “Klinikum http[:]//evil[.]test Süd”');
    for (const body of [mail.text, mail.html]) {
      const links = [...body.matchAll(/https?:\/\/[^\s<"()]+/g)].map(([link]) => link);
      expect(links).toEqual([VIEW, MANAGE]);
    }
  });

  it('links the equipment statistics issued with it when it has them, in every language', () => {
    const equipment = 'https://console.example.com/report/networkEquipDataPDF?link=mno.pqr';
    for (const language of [0, 1, 2, 3]) {
      const mail = renderMail({ ...report, equipmentUrl: equipment }, language);
      for (const body of [mail.text, mail.html]) {
        const links = [...body.matchAll(/https?:\/\/[^\s<"()（）]+/g)].map(([link]) => link);
        expect(links).toEqual([VIEW, equipment, MANAGE]);
      }
    }
    expect(renderMail({ ...report, equipmentUrl: null }, 0).text).not.toContain('networkEquipDataPDF');
  });

  it('says when it is late and why, and when it restates an earlier version', () => {
    const downtime = renderMail(
      {
        ...report,
        late: {
          due: '04/01/2026 00:00 BST',
          reason: 'downtime',
          since: '03/30/2026 09:00 BST',
          now: '04/03/2026 10:00 BST',
        },
      },
      0,
    );
    expect(downtime.subject).toMatch(/^Late: Energy report/);
    expect(downtime.text).toContain(
      'This report is late: it was due at 04/01/2026 00:00 BST, but the console was not running from 03/30/2026 09:00 BST until 04/03/2026 10:00 BST.',
    );
    const unknown = renderMail({ ...report, late: { due: 'x', reason: 'downtime', since: null, now: 'y' } }, 2);
    expect(unknown.text).toContain('die Konsole lief zu dieser Zeit nicht');
    const delayed = renderMail({ ...report, late: { due: 'x', reason: 'delayed', since: null, now: 'y' } }, 3);
    expect(delayed.text).toContain('no pudo enviarse entonces');
    const restated = renderMail({ ...report, restated: { version: 2, previous: '04/01/2026 00:00 BST' } }, 1);
    expect(restated.subject).toMatch(/^更正版：/);
    expect(restated.text).toContain('第 2 版');
  });
});
