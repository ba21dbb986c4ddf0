import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scheduleKeys } from '../../api/schedule';
import { testUser } from '../../test/render-app';
import { renderComponent } from '../../test/render-component';
import { SchedulePanel } from './schedule-panel';

const nid = 6;
const seed = (client: QueryClient) =>
  client.setQueryData(scheduleKeys.list(testUser.uid, nid), {
    location: { latitude: null, longitude: null, timeZone: 'UTC' },
    list: [],
  });

describe('schedule panel without schedules', { timeout: 60_000 }, () => {
  it('tells an owner or installer what schedules do and offers to add one', async () => {
    await renderComponent(<SchedulePanel nid={nid} canEdit />, { seed });
    const empty = await screen.findByTestId('schedules-empty');
    expect(empty.textContent).toContain('No schedules yet. Add a schedule to switch the lights at set times');
    fireEvent.click(within(empty).getByRole('button', { name: /New schedule/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('tells anyone else who can add them, with no button', async () => {
    await renderComponent(<SchedulePanel nid={nid} canEdit={false} />, { seed });
    const empty = await screen.findByTestId('schedules-empty');
    expect(empty.querySelector('.ant-empty-description')?.textContent).toBe(
      "No schedules yet. The network's owner or installer can add them.",
    );
    expect(within(empty).queryByRole('button')).toBeNull();
  });
});
