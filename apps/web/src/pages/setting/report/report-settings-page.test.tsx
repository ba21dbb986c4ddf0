import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderComponent } from '../../../test/render-component';
import { cycleSettings, seedProject } from '../../../test/report-cycles';
import { ReportSettingsPage } from '.';

describe('report settings page (/setting/report)', { timeout: 60_000 }, () => {
  it('shows each cycle with its send day, sections and next send, and saves all four', async () => {
    const api = fakeApi({ reportCycleUpdate: cycleSettings(true) });
    await renderComponent(<ReportSettingsPage />, { seed: (client) => seedProject(client, true) });
    expect(screen.getByTestId('cycle-weekly-next').textContent).toBe('Next: 2026-03-29 23:30 UTC, for 2026-W13.');
    expect(screen.getByTestId('cycle-monthly-next').textContent).toBe('Not sent.');
    const monthly = screen.getByTestId('cycle-monthly');
    fireEvent.click(screen.getByTestId('cycle-monthly-enabled'));
    fireEvent.click(within(monthly).getByLabelText('The 2nd at 0:00'));
    fireEvent.click(within(monthly).getByLabelText('Emergency lighting summary'));
    fireEvent.click(within(monthly).getByLabelText('Cost'));
    fireEvent.click(screen.getByTestId('cycles-save'));
    await waitFor(() => expect(api.bodiesOf('reportCycleUpdate')).toHaveLength(1));
    expect(api.bodiesOf('reportCycleUpdate')[0]).toMatchObject({
      pid: 4,
      cycles: [
        { cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy', 'cost', 'co2'] },
        { cycle: 'monthly', enabled: true, sendDay: 2, sections: ['energy', 'co2', 'emergency'] },
        { cycle: 'quarterly', enabled: false, sendDay: 1, sections: ['energy', 'cost', 'co2'] },
        { cycle: 'yearly', enabled: false, sendDay: 1, sections: ['energy', 'cost', 'co2'] },
      ],
    });
  });

  it('refuses a report without sections in the page, without calling', async () => {
    const api = fakeApi({ reportCycleUpdate: cycleSettings(true) });
    await renderComponent(<ReportSettingsPage />, { seed: (client) => seedProject(client, true) });
    const weekly = screen.getByTestId('cycle-weekly');
    for (const label of ['Energy', 'Cost', 'CO2 and savings']) fireEvent.click(within(weekly).getByLabelText(label));
    fireEvent.click(screen.getByTestId('cycles-save'));
    expect(await screen.findByText('Choose at least one section for each report.')).toBeTruthy();
    expect(api.bodiesOf('reportCycleUpdate')).toHaveLength(0);
  });

  it('shows a sub-user the cycles read-only, without a save button', async () => {
    fakeApi();
    await renderComponent(<ReportSettingsPage />, { seed: (client) => seedProject(client, false) });
    expect((screen.getByTestId('cycle-weekly-enabled') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('cycles-save')).toBeNull();
    expect(screen.getByTestId('cycles-read-only').textContent).toContain('Only the project');
  });
});
