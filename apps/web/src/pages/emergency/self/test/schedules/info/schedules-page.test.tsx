import type { EmergencySchedule } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AT, NID, seedNetwork } from '../../../../../../test/emergency';
import { fakeApi, renderComponent, tableRows } from '../../../../../../test/render-component';
import { EmergencySchedulesPage } from '.';

const schedule: EmergencySchedule = {
  id: 3,
  nid: NID,
  name: 'Yearly 3 h',
  enabled: true,
  testKind: 'duration',
  day: 1,
  month: 3,
  minuteOfDay: 600,
  durationKind: 'preset',
  durationMinutes: null,
  maxDelayMinutes: 15,
  stagger: 'zone',
  target: { kind: 'network' },
  nextRun: AT,
  createdBy: null,
  updateTime: AT,
};

const renderPage = (canAct: boolean) =>
  renderComponent(
    <MemoryRouter>
      <EmergencySchedulesPage />
    </MemoryRouter>,
    { seed: (client) => seedNetwork(client, canAct) },
  );

describe('self-test schedules page', { timeout: 60_000 }, () => {
  it('lists schedules with when they run in the site zone; members without rights cannot add', async () => {
    fakeApi({ emergencyScheduleList: { timeZone: 'Europe/Berlin', list: [schedule] } });
    await renderPage(false);
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]?.textContent).toContain('Every year on 1 March at 10:00 (Europe/Berlin)');
    expect(tableRows()[0]?.textContent).toContain('Until the rated duration');
    expect(screen.queryByTestId('schedule-add')).toBeNull();
  });

  it('adds a monthly function test with the time in the site zone', async () => {
    const api = fakeApi({
      emergencyScheduleList: { timeZone: 'Europe/Berlin', list: [] },
      emergencyScheduleAdd: { ...schedule, id: 4, testKind: 'function', month: null },
    });
    await renderPage(true);
    fireEvent.click(await screen.findByTestId('schedule-add'));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Monthly' } });
    fireEvent.change(within(dialog).getByLabelText('Time (in Europe/Berlin)'), { target: { value: '02:15' } });
    fireEvent.click(save);
    await waitFor(() => expect(api.bodiesOf('emergencyScheduleAdd')).toHaveLength(1));
    expect(api.bodiesOf('emergencyScheduleAdd')[0]).toMatchObject({
      nid: NID,
      name: 'Monthly',
      testKind: 'function',
      minuteOfDay: 135,
      maxDelayMinutes: 15,
      stagger: 'zone',
      target: { kind: 'network' },
    });
  });
});
