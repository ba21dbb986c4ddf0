import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { ScheduleTimeFields } from './schedule-time-fields';
import { newScheduleValues, schedulePayload } from './schedule-values';

function renderFields(kind: 'schedule' | 'astro') {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Form initialValues={newScheduleValues(kind)}>
        <ScheduleTimeFields kind={kind} />
      </Form>
    </AppProviders>,
  );
}

describe('schedule form (section 3 encoding)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads every day at 18:00 as a sentence; the stored fields wait in a disclosure', async () => {
    renderFields('schedule');
    expect((await screen.findByTestId('schedule-sentence')).textContent).toBe('every day at 18:00');
    expect(screen.getByTestId('schedule-encoded').textContent).toBe(
      'year 100 · month 4095 · day 0 · dayOfWeek 127 · hour 18 · minute 0 · second 0',
    );
    expect(screen.getByTestId('schedule-encoded').closest('details')?.open).toBe(false);
  });

  it('reads an astro timer as its event and shift, in German too', async () => {
    renderFields('astro');
    expect((await screen.findByTestId('schedule-sentence')).textContent).toBe('every day at sunset');
    await i18n.changeLanguage('de');
    expect((await screen.findByTestId('schedule-sentence')).textContent).toBe('jeden Tag bei Sonnenuntergang');
  });

  it('updates the masks as months and weekdays are picked (bit 0 January, bit 0 Monday … bit 6 Sunday)', async () => {
    renderFields('schedule');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sun' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dec' }));
    const encoded = await screen.findByText(/dayOfWeek 31 /);
    expect(encoded.textContent).toContain('month 2047');
    expect(screen.getByTestId('schedule-sentence').textContent).toBe('Mon–Fri in Jan–Nov at 18:00');
  });

  it("lists the weekdays from the user's first day of the week, with the same bits", async () => {
    useSession.getState().updateUser({ weekStart: 7 });
    try {
      renderFields('schedule');
      const days = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
      const week = days.slice(days.indexOf('Sun'), days.indexOf('Sun') + 7);
      expect(week).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Sun' }));
      expect((await screen.findByText(/dayOfWeek 63 /)).textContent).toContain('dayOfWeek 63');
    } finally {
      act(() => useSession.getState().updateUser({ weekStart: 1 }));
    }
  });

  it('encodes astro timers without a time of day', () => {
    const payload = schedulePayload({ ...newScheduleValues('astro'), name: ' Dusk ', astroShift: -20 });
    expect(payload).toMatchObject({
      kind: 'astro',
      name: 'Dusk',
      astroEvent: 'sunset',
      astroShift: -20,
      hour: 0,
      minute: 0,
      second: 0,
      month: 4095,
      dayOfWeek: 127,
      year: 100,
      action: { op: 'light', onOff: 1 },
    });
  });

  it('encodes the special hour and minute choices and scene targets', () => {
    const payload = schedulePayload({
      ...newScheduleValues('schedule'),
      name: 'Pulse',
      year: 2030,
      hour: 'every',
      minute: 'every15',
      second: 'random',
      targetKind: 'scene',
      targetId: 9,
      overrideEnd: 'countdown',
      overrideValue: 600,
    });
    expect(payload).toMatchObject({
      year: 30,
      hour: 24,
      minute: 61,
      second: 63,
      targetKind: 'scene',
      targetId: 9,
      action: { op: 'scene' },
      astroEvent: null,
      overrideValue: 600,
    });
  });
});
