import type { ReportJob } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectKeys } from '../../../../api/project';
import { reportKeys } from '../../../../api/report';
import { testUser } from '../../../../test/render-app';
import { chooseOption, fakeApi, renderComponent, tableRows } from '../../../../test/render-component';
import { ProjectReportDownloadPage } from '.';

const AT = Date.UTC(2026, 9, 29, 11) / 1000;

const project = {
  id: 4,
  name: 'Klinikum Süd',
  isDefault: true,
  ownerName: 'Ana',
  isCreator: true,
  networks: [
    { id: 11, name: '上海办公室', timeZone: 'Asia/Shanghai' },
    { id: 12, name: 'Lager', timeZone: 'Europe/Berlin' },
  ],
};

/** A report of the project as the list answers it. */
const job = (id: number, overrides: Partial<ReportJob> = {}): ReportJob => ({
  id,
  kind: 'project',
  pid: 4,
  projectName: 'Klinikum Süd',
  networks: [{ nid: 11, name: '上海办公室', timeZone: 'Asia/Shanghai' }],
  requestedBy: { uid: 7, name: 'Ana Núñez' },
  createdAt: AT,
  finishedAt: AT + 30,
  expiresAt: AT + 30 + 30 * 86_400,
  period: { kind: 'range', from: '2026-10-01', to: '2026-10-31' },
  periodStart: Date.UTC(2026, 8, 30, 16) / 1000,
  periodEnd: Date.UTC(2026, 9, 31, 16) / 1000,
  sections: ['energy', 'co2'],
  target: null,
  format: 'pdf',
  state: 'done',
  progress: 100,
  fileName: `report-${id}-abc.pdf`,
  size: 48_640,
  ...overrides,
});

async function renderPage(jobs: ReportJob[]) {
  return renderComponent(<ProjectReportDownloadPage />, {
    seed: (client) => {
      client.setQueryData(projectKeys.info(testUser.uid), [project]);
      client.setQueryData(reportKeys.list(testUser.uid, 4, 'project'), jobs);
    },
    user: { pid: 4 },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('report download page (2-3)', { timeout: 60_000 }, () => {
  it('lists kept reports with who, when, period, sections, format, size and state', async () => {
    fakeApi({ reportList: [] });
    await renderPage([
      job(3, { state: 'running', progress: 40, fileName: null, size: null, finishedAt: null, expiresAt: null }),
      job(2),
      job(1, { state: 'failed', fileName: null, size: null, format: 'xlsx' }),
    ]);
    const rows = tableRows(screen.getByTestId('report-jobs'));
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Being built');
    expect(within(rows[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(rows[0]!).queryByTestId('report-download')).toBeNull();
    const done = rows[1]!.textContent ?? '';
    for (const text of [
      'Ana Núñez',
      '2026-10-01 – 2026-10-31',
      '上海办公室',
      'Energy, CO2 and savings',
      'PDF document',
      '47.5 KB',
      'Ready',
    ]) {
      expect(done).toContain(text);
    }
    expect(within(rows[2]!).getByTestId('report-state').textContent).toBe('Failed');
  });

  it('asks for the chosen networks, period, sections and format', async () => {
    const api = fakeApi({ reportProjectCreate: job(5, { state: 'queued' }), reportList: [] });
    await renderPage([]);
    await chooseOption('report-networks', 'Lager');
    await chooseOption('report-period', 'Last 90 days');
    fireEvent.click(within(screen.getByTestId('report-sections')).getByLabelText('Equipment'));
    fireEvent.click(within(screen.getByTestId('report-format')).getByText('CSV table'));
    fireEvent.click(screen.getByTestId('report-create'));
    await waitFor(() => expect(api.bodiesOf('reportProjectCreate')).toHaveLength(1));
    expect(api.bodiesOf('reportProjectCreate')[0]).toMatchObject({
      pid: 4,
      nids: [12],
      period: { kind: 'span', span: '90d' },
      sections: ['energy', 'cost', 'co2', 'emergency'],
      format: 'csv',
    });
  });

  it('asks for nothing without a section', async () => {
    const api = fakeApi({ reportList: [] });
    await renderPage([]);
    const sections = screen.getByTestId('report-sections');
    for (const label of ['Energy', 'Cost', 'CO2 and savings', 'Emergency lighting', 'Equipment']) {
      fireEvent.click(within(sections).getByLabelText(label));
    }
    expect(screen.getByText('Choose at least one section.')).toBeTruthy();
    expect((screen.getByTestId('report-create') as HTMLButtonElement).disabled).toBe(true);
    expect(api.bodiesOf('reportProjectCreate')).toHaveLength(0);
  });

  it('downloads a ready report through a signed link', async () => {
    const api = fakeApi({
      reportList: [job(2)],
      fileDownloadUrl: { url: '/SigMesh/file/download?fileName=report-2-abc.pdf&uid=7&exp=1&sig=x', expiresIn: 600 },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    await renderPage([job(2)]);
    fireEvent.click(screen.getByTestId('report-download'));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.bodiesOf('fileDownloadUrl')[0]).toMatchObject({ fileName: 'report-2-abc.pdf' });
    expect(clicked[0]).toContain('fileName=report-2-abc.pdf');
  });
});
