import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reportCycleKeys } from '../../../../../api/report-cycle';
import { testUser } from '../../../../../test/render-app';
import { fakeApi, renderComponent, tableRows } from '../../../../../test/render-component';
import { cycleSettings, reception, seedProject } from '../../../../../test/report-cycles';
import { ReportReceptionPage } from '.';

async function renderPage(canEdit: boolean) {
  return renderComponent(
    <MemoryRouter>
      <ReportReceptionPage />
    </MemoryRouter>,
    {
      seed: (client) => {
        seedProject(client, canEdit);
        if (canEdit) client.setQueryData(reportCycleKeys.reception(testUser.uid, 4), reception);
      },
    },
  );
}

/** Confirms the open pop-up confirmation. */
async function confirmPopup() {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm-buttons .ant-btn-primary');
    expect(button).toBeTruthy();
    return button!;
  });
  fireEvent.click(ok);
}

describe('report e-mail reception page (/project/report/email/reception)', { timeout: 60_000 }, () => {
  it('lists every recipient with language, kinds, state, last mail and next one due', async () => {
    fakeApi();
    await renderPage(true);
    const rows = tableRows(screen.getByTestId('reception-table'));
    expect(rows).toHaveLength(2);
    const [li, old] = rows;
    expect(li!.textContent).toContain('中文');
    expect(li!.textContent).toContain('Energy reports');
    expect(li!.textContent).toContain('Emergency faults (at once)');
    expect(within(li!).getByTestId('reception-status').textContent).toBe('Active');
    expect(within(li!).getByTestId('reception-last').textContent).toBe('Energy report on 2026-03-23 00:30 UTC');
    expect(within(li!).getByTestId('reception-next').textContent).toBe(
      'Energy report 2026-W13 on 2026-03-29 23:30 UTC',
    );
    expect(within(old!).getByTestId('reception-status').textContent).toBe('Link expiredPaused');
    expect(within(old!).getByTestId('reception-last').textContent).toBe('Nothing sent yet');
    // A narrow window scrolls the table inside its card, the address and the actions staying in view.
    expect(screen.getByTestId('reception-table').className).toContain('ant-table-scroll-horizontal');
    expect(li!.querySelector('td.lw-name-column')?.className).toContain('ant-table-cell-fix');
    expect(li!.lastElementChild?.className).toContain('ant-table-cell-fix');
    expect(within(old!).getByTestId('reception-next').textContent).toBe('None planned');
    expect(within(li!).queryByTestId('reception-resend')).toBeNull();
    expect(within(old!).getByTestId('reception-pause').textContent).toBe('Resume');
  });

  it('resends an activation, pauses, sets the CSV and removes a recipient', async () => {
    const api = fakeApi({
      recipientSet: reception[0],
      recipientResend: reception[1],
      recipientRemove: null,
      // The lists read again after each change.
      recipientReception: reception,
      reportCycleAll: cycleSettings(true),
    });
    await renderPage(true);
    const [li, old] = tableRows(screen.getByTestId('reception-table'));
    fireEvent.click(within(li!).getByTestId('reception-pause'));
    await waitFor(() => expect(api.bodiesOf('recipientSet')).toHaveLength(1));
    expect(api.bodiesOf('recipientSet')[0]).toMatchObject({ pid: 4, id: 1, paused: true });
    // The switches wait while a change is being saved.
    await waitFor(() => expect((within(li!).getByTestId('reception-csv') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(li!).getByTestId('reception-csv'));
    await waitFor(() => expect(api.bodiesOf('recipientSet')).toHaveLength(2));
    expect(api.bodiesOf('recipientSet')[1]).toMatchObject({ pid: 4, id: 1, csv: true });
    fireEvent.click(within(old!).getByTestId('reception-resend'));
    await waitFor(() => expect(api.bodiesOf('recipientResend')).toHaveLength(1));
    expect(api.bodiesOf('recipientResend')[0]).toMatchObject({ pid: 4, id: 2 });
    fireEvent.click(within(old!).getByTestId('reception-remove'));
    await confirmPopup();
    await waitFor(() => expect(api.bodiesOf('recipientRemove')).toHaveLength(1));
    expect(api.bodiesOf('recipientRemove')[0]).toMatchObject({ pid: 4, id: 2 });
  });

  it('tells a sub-user that only editors see the recipients', async () => {
    fakeApi();
    await renderPage(false);
    expect(screen.getByTestId('reception-editors-only').textContent).toContain('Only the project');
    expect(screen.queryByTestId('reception-table')).toBeNull();
  });
});
