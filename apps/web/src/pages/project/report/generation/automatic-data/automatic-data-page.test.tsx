import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reportCycleKeys } from '../../../../../api/report-cycle';
import { testUser } from '../../../../../test/render-app';
import { fakeApi, renderComponent, tableRows } from '../../../../../test/render-component';
import { runs, seedProject } from '../../../../../test/report-cycles';
import { AutomaticReportDataPage } from '.';

async function renderPage(canEdit: boolean) {
  return renderComponent(
    <MemoryRouter>
      <AutomaticReportDataPage />
    </MemoryRouter>,
    {
      seed: (client) => {
        seedProject(client, canEdit);
        if (canEdit) client.setQueryData(reportCycleKeys.runs(testUser.uid, 4, null), runs);
      },
    },
  );
}

describe('automatic report data page (/project/report/generation/automaticData)', { timeout: 60_000 }, () => {
  it('lists each run with its period, state, lateness and reason', async () => {
    fakeApi();
    await renderPage(true);
    const [late, skipped] = tableRows(screen.getByTestId('run-table'));
    expect(within(late!).getByTestId('run-period').textContent).toBe('Weekly · 2026-W13');
    expect(within(late!).getByTestId('run-state').textContent).toBe('SentLate');
    expect(late!.textContent).toContain('1 recipient');
    expect(within(skipped!).getByTestId('run-state').textContent).toBe('Skipped nobody takes this report');
    expect(within(skipped!).queryByTestId('run-restate')).toBeNull();
  });

  it('opens a run: its figures, the SHA-256 and download of its file, its deliveries; sends a copy again', async () => {
    const api = fakeApi({
      fileDownloadUrl: { url: '/SigMesh/file/download?fileName=issued-31-en.pdf', expiresIn: 600 },
      reportRunResend: runs[0],
    });
    await renderPage(true);
    const [late] = tableRows(screen.getByTestId('run-table'));
    fireEvent.click(within(late!).getByRole('button', { name: /expand/i }));
    const details = await screen.findByTestId('run-details');
    expect(within(details).getByTestId('figure-energyKWh').textContent).toBe('16.700 kWh');
    expect(within(details).getByTestId('figure-cost').textContent).toBe('501.00 GBP');
    expect(within(details).getByTestId('run-file-sha').textContent).toContain('ab'.repeat(32));
    expect(within(details).getByTestId('delivery-message-id').textContent).toContain(
      '<report.31.0.abc@console.example.com>',
    );
    expect(within(details).getByTestId('delivery-state').textContent).toBe('Sent');
    fireEvent.click(within(details).getByTestId('run-file-download'));
    await waitFor(() => expect(api.bodiesOf('fileDownloadUrl')).toHaveLength(1));
    expect(api.bodiesOf('fileDownloadUrl')[0]).toMatchObject({ fileName: 'issued-31-en.pdf' });
    fireEvent.click(within(details).getByTestId('delivery-resend'));
    await waitFor(() => expect(api.bodiesOf('reportRunResend')).toHaveLength(1));
    expect(api.bodiesOf('reportRunResend')[0]).toMatchObject({ pid: 4, id: 31, deliveryId: 7 });
  });

  it('asks for a restatement of an issued report after a confirmation', async () => {
    const api = fakeApi({ reportRunRestate: { ...runs[0], id: 32, version: 2, state: 'due' } });
    await renderPage(true);
    const [late] = tableRows(screen.getByTestId('run-table'));
    fireEvent.click(within(late!).getByTestId('run-restate'));
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm-buttons .ant-btn-primary');
      expect(button).toBeTruthy();
      return button!;
    });
    expect(document.querySelector('.ant-popconfirm-title')?.textContent).toContain('Issue a new version');
    fireEvent.click(ok);
    await waitFor(() => expect(api.bodiesOf('reportRunRestate')).toHaveLength(1));
    expect(api.bodiesOf('reportRunRestate')[0]).toMatchObject({ pid: 4, id: 31 });
  });

  it('lists one kind when chosen, and tells a sub-user that only editors see the runs', async () => {
    const api = fakeApi({ reportRunList: [] });
    await renderPage(true);
    fireEvent.click(screen.getByText('Fault e-mail'));
    await waitFor(() => expect(api.bodiesOf('reportRunList')).toHaveLength(1));
    expect(api.bodiesOf('reportRunList')[0]).toMatchObject({ pid: 4, kind: 'fault' });
    expect(await screen.findByText('No automatic report yet.')).toBeTruthy();
  });

  it('shows a sub-user no runs', async () => {
    fakeApi();
    await renderPage(false);
    expect(screen.getByTestId('runs-editors-only')).toBeTruthy();
    expect(screen.queryByTestId('run-table')).toBeNull();
  });
});
