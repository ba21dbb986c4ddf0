import type { Schedule } from '@lightwell/domain';
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

const at = (iso: string) => Date.parse(iso) / 1000;
const weekdayMornings: Schedule = {
  id: 1,
  nid,
  kind: 'schedule',
  name: 'Mornings',
  enabled: true,
  targetKind: 'network',
  targetId: null,
  action: { op: 'light', onOff: 1 },
  year: 100,
  month: 4095,
  day: 0,
  dayOfWeek: 31,
  hour: 7,
  minute: 30,
  second: 0,
  astroEvent: null,
  astroShift: 0,
  overrideEnd: 'never',
  overrideValue: null,
  // Friday 27 March 2026 in London, then Monday and Tuesday after the change to BST.
  nextRuns: [at('2026-03-27T07:30:00Z'), at('2026-03-30T06:30:00Z'), at('2026-03-31T06:30:00Z')],
  nextRun: at('2026-03-27T07:30:00Z'),
  lastRun: null,
  createTime: at('2026-03-01T00:00:00Z'),
  override: null,
};

describe('schedule list', { timeout: 60_000 }, () => {
  it('reads each timer as a sentence and its next runs in the network time zone, to the minute', async () => {
    await renderComponent(<SchedulePanel nid={nid} canEdit />, {
      seed: (client) =>
        client.setQueryData(scheduleKeys.list(testUser.uid, nid), {
          location: { latitude: 51.5, longitude: -0.12, timeZone: 'Europe/London' },
          list: [weekdayMornings],
        }),
    });
    expect((await screen.findByTestId('schedule-row-sentence')).textContent).toBe('Mon–Fri at 07:30');
    const runs = [...screen.getByTestId('schedule-next-runs').children].map((run) => run.textContent);
    // The user's time format of the test session decides the date; the zone and the minute are London's.
    expect(runs.map((run) => run?.slice(-9))).toEqual(['07:30 GMT', '07:30 BST', '07:30 BST']);
  });
});
