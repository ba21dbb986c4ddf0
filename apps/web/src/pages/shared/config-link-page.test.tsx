import { defaultProfileSettings, encodeProcessTimer, type ProfileSettings } from '@lightwell/domain';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { profileKeys } from '../../api/profile';
import { renderComponent } from '../../test/render-component';
import { ConfigLinkPage } from './config-link-page';

const defaults = defaultProfileSettings();
const settings: ProfileSettings = {
  ...defaults,
  sensor: { ...defaults.sensor, presenceTime: 95 },
  buttons: { ...defaults.buttons, doublePress: { action: 'scene', sceneNumber: 12 } },
  fireAlarm: { contact: 'normallyClosed', signal: 'pulse' },
  timers: { ...defaults.timers, fadeOn: encodeProcessTimer(60) },
};
const link = 'a'.repeat(32);

describe('shared profile link page', { timeout: 60_000 }, () => {
  it('shows the whole profile offered, read-only: sensor, buttons, fire alarm and timers', async () => {
    await renderComponent(
      <MemoryRouter initialEntries={[`/shared/config?link=${link}`]}>
        <ConfigLinkPage />
      </MemoryRouter>,
      {
        seed: (client) =>
          client.setQueryData(profileKeys.link(link), {
            profileName: 'Warehouse night',
            sharerName: 'Grace',
            email: 'ada@example.com',
            state: 'pending',
            expiresAt: 0,
            settings,
          }),
      },
    );
    const preview = screen.getByTestId('profile-preview');
    for (const section of ['Sensor settings', 'Button actions', 'Fire alarm mode', 'Process timers']) {
      expect(within(preview).getByText(section)).toBeTruthy();
    }
    expect((within(preview).getByLabelText('Presence time') as HTMLInputElement).value).toBe('95');
    expect(within(preview).getByText('Recall scene')).toBeTruthy();
    expect((within(preview).getByPlaceholderText('Scene number') as HTMLInputElement).value).toBe('12');
    expect((within(preview).getByLabelText('Normally closed') as HTMLInputElement).checked).toBe(true);
    expect((within(preview).getByLabelText('Pulse') as HTMLInputElement).checked).toBe(true);
    expect(within(preview).getByTestId('timer-display-fadeOn').textContent).toBe('60s');

    const fields = preview.querySelectorAll('input');
    expect(fields.length).toBeGreaterThan(10);
    for (const field of fields) expect(field.disabled, field.id).toBe(true);
    expect(within(preview).queryByTestId('profile-save')).toBeNull();
    expect(within(preview).queryByTestId('profile-name')).toBeNull();
  });
});
