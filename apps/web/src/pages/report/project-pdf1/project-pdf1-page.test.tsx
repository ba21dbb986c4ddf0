import type { ReportView } from '@lightwell/domain';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderComponent, tableRows } from '../../../test/render-component';
import { ProjectReportPrintPage } from '.';

const link = `${'a'.repeat(40)}.${'b'.repeat(43)}`;
const view: ReportView = {
  projectName: 'Klinikum Süd',
  cycle: 'monthly',
  periodKey: '2026-03',
  version: 2,
  issuedAt: Date.parse('2026-04-01T23:11:00Z') / 1000,
  language: 'de',
  sha256: 'cd'.repeat(32),
  equipmentLink: null,
  title: 'Projektbericht „Klinikum Süd“',
  lines: ['Zeitraum: 01.03.2026 – 31.03.2026'],
  parts: [
    {
      name: 'Energie',
      blocks: [
        { kind: 'paragraph', text: 'Energie nach Quelle.' },
        {
          kind: 'table',
          title: 'Netzwerke',
          columns: [
            { label: 'Netzwerk', decimals: null },
            { label: 'Energie (kWh)', decimals: 3 },
          ],
          rows: [
            ['Halle', 1234.5],
            ['Summe', 1234.5],
          ],
          highlight: [false, true],
        },
      ],
    },
  ],
};

function renderPage(query = `?link=${link}`) {
  return renderComponent(
    <MemoryRouter initialEntries={[`/report/projectPDF1${query}`]}>
      <ProjectReportPrintPage />
    </MemoryRouter>,
  );
}

describe('web version of an issued report (/report/projectPDF1)', { timeout: 60_000 }, () => {
  it('shows that report only: its title, lines, parts and tables in its language, version and SHA-256', async () => {
    const api = fakeApi({ reportRunView: view });
    await renderPage();
    const page = await screen.findByTestId('report-view');
    expect(page.textContent).toContain('Projektbericht „Klinikum Süd“');
    expect(page.textContent).toContain('Zeitraum: 01.03.2026 – 31.03.2026');
    expect(page.textContent).toContain('Energie nach Quelle.');
    const rows = tableRows(within(page).getByTestId('report-view-table'));
    expect(rows.map((row) => row.textContent)).toEqual(['Halle1.234,500', 'Summe1.234,500']);
    expect(screen.getByTestId('report-view-issued').textContent).toBe('Issued 2026-04-01 23:11 UTC, version 2.');
    expect(screen.getByTestId('report-view-sha').textContent).toContain('cd'.repeat(32));
    expect(api.bodiesOf('reportRunView')).toEqual([{ link }]);
  });

  it('links to the equipment statistics issued with the report when it has them, and only then', async () => {
    const equipmentLink = `${'e'.repeat(40)}.${'f'.repeat(43)}`;
    fakeApi({ reportRunView: { ...view, equipmentLink } });
    await renderPage();
    const link = within(await screen.findByTestId('report-view-equipment')).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/report/networkEquipDataPDF?link=${equipmentLink}`);
    expect(link.textContent).toBe('Network equipment statistics issued with this report');
  });

  it('has no equipment link when the report has no equipment section', async () => {
    fakeApi({ reportRunView: view });
    await renderPage();
    await screen.findByTestId('report-view');
    expect(screen.queryByTestId('report-view-equipment')).toBeNull();
  });

  it('says the link is invalid or expired when the server refuses it', async () => {
    fakeApi({}, { reportRunView: 1065 });
    await renderPage();
    expect((await screen.findByTestId('report-view-invalid')).textContent).toContain('invalid or has expired');
  });
});
