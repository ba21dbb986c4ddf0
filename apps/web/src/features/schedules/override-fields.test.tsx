import type { Schedule } from '@lightwell/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { testUser } from '../../test/render-app';
import { OverrideFields, splitSeconds } from './override-fields';
import { OverrideStatus } from './override-status';

type Initial = { overrideEnd: string; overrideValue: number | null };

/** The override fields in a form; hands its form instance out through `onForm`. */
function Harness({ initial, onForm }: { initial: Initial; onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={initial}>
      <OverrideFields />
    </Form>
  );
}

function renderFields(initial: Initial) {
  let form!: FormInstance;
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness initial={initial} onForm={(f) => (form = f)} />
    </AppProviders>,
  );
  return () => form;
}

describe('manual override end fields (section 4)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('splits seconds into hours, minutes and seconds', () => {
    expect(splitSeconds(3725, ['hours', 'minutes', 'seconds'])).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(splitSeconds(18 * 3600 + 30 * 60, ['hours', 'minutes'])).toEqual({ hours: 18, minutes: 30, seconds: 0 });
  });

  it('enters a countdown as a duration and stores it in seconds', async () => {
    const form = renderFields({ overrideEnd: 'countdown', overrideValue: 3725 });
    expect(screen.getByLabelText('Hours')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Minutes')).toHaveProperty('value', '2');
    expect(screen.getByLabelText('Seconds')).toHaveProperty('value', '5');
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '20' } });
    await vi.waitFor(() => expect(form().getFieldValue('overrideValue')).toBe(3600 + 20 * 60 + 5));
    expect(screen.getByText(/go back to the schedule after this countdown/)).toBeTruthy();
  });

  it('enters a specific time as a time of day, without seconds', async () => {
    const form = renderFields({ overrideEnd: 'specificTime', overrideValue: 18 * 3600 });
    expect(screen.queryByLabelText('Seconds')).toBeNull();
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '45' } });
    await vi.waitFor(() => expect(form().getFieldValue('overrideValue')).toBe(18 * 3600 + 45 * 60));
  });

  it('asks for no value when the override never ends', () => {
    renderFields({ overrideEnd: 'never', overrideValue: null });
    expect(screen.queryByLabelText('Hours')).toBeNull();
    expect(screen.getByText(/stay so until this schedule's next event/)).toBeTruthy();
  });
});

describe('manual override state of a schedule', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSession.getState().signIn({ ...testUser, timeFormat: 0 });
  });

  const schedule = (override: Schedule['override']) => ({ override }) as Schedule;

  it('shows the devices switched by hand, until when, and resumes on request', () => {
    const onResume = vi.fn();
    const endsAt = Date.UTC(2026, 2, 2, 10, 15) / 1000;
    render(
      <AppProviders queryClient={createQueryClient()}>
        <OverrideStatus schedule={schedule({ devices: 2, endsAt })} onResume={onResume} />
      </AppProviders>,
    );
    expect(screen.getByTestId('schedule-override').textContent).toMatch(
      /^2 devices switched by hand, until 2026-03-0[23] /,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resume schedule' }));
    expect(onResume).toHaveBeenCalledOnce();
  });

  it('says an override without end lasts until the next event, and shows a dash when there is none', () => {
    const { rerender } = render(
      <AppProviders queryClient={createQueryClient()}>
        <OverrideStatus schedule={schedule({ devices: 1, endsAt: null })} onResume={() => undefined} />
      </AppProviders>,
    );
    expect(screen.getByText('1 device switched by hand, until the next scheduled event')).toBeTruthy();
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <OverrideStatus schedule={schedule(null)} onResume={() => undefined} />
      </AppProviders>,
    );
    expect(screen.queryByTestId('schedule-override')).toBeNull();
  });
});
