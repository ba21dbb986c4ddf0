import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NID, seedNetwork } from '../../../test/emergency';
import { fakeApi, renderComponent } from '../../../test/render-component';
import { ActionDialog } from './components/action-dialog';

const preview = (minutes: number) => ({
  action: 'durationTest',
  fittings: 1,
  online: 1,
  onBattery: 1,
  minutesOnBattery: minutes,
  notCharged: 0,
  neighbourZones: [],
  reducedCoverUntil: null,
  inhibitUntil: null,
  inEmergency: 0,
  held: [],
});

const renderDialog = (action: 'durationTest' | 'resume', ids: number[]) =>
  renderComponent(
    <MemoryRouter>
      <ActionDialog
        nid={NID}
        action={action}
        target={{ kind: 'fittings', ids }}
        timeZone="Europe/Berlin"
        onClose={() => undefined}
        onTask={() => undefined}
      />
    </MemoryRouter>,
    { seed: (client) => seedNetwork(client, true) },
  );

const resumePreview = (held: { deviceId: number; name: string; reason: 'inEmergency' }[], fittings: number) => ({
  ...preview(0),
  action: 'resume',
  fittings,
  online: fittings,
  onBattery: 0,
  inEmergency: held.length,
  held,
});

describe('emergency action confirmation', { timeout: 60_000 }, () => {
  it('warns before resume that fittings in a real emergency are not sent it, naming them and why', async () => {
    const held = [
      { deviceId: 30, name: 'Exit stairs', reason: 'inEmergency' as const },
      { deviceId: 31, name: 'Exit hall', reason: 'inEmergency' as const },
    ];
    fakeApi({ emergencyActionPreview: resumePreview(held, 3) });
    await renderDialog('resume', [30, 31, 32]);
    const warning = await screen.findByTestId('action-held');
    expect(warning.textContent).toBe(
      'Not sent to Exit stairs, Exit hall: in a real emergency (mains lost). “Resume normal” never ends a real emergency.',
    );
    // The third fitting still gets it.
    expect(screen.getByRole('button', { name: 'Resume normal' }).hasAttribute('disabled')).toBe(false);
  });

  it('cannot send resume when every fitting is in a real emergency', async () => {
    fakeApi({
      emergencyActionPreview: resumePreview([{ deviceId: 30, name: 'Exit stairs', reason: 'inEmergency' }], 1),
    });
    await renderDialog('resume', [30]);
    await screen.findByTestId('action-held');
    expect(screen.getByRole('button', { name: 'Resume normal' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows no warning for resume when no fitting is in a real emergency', async () => {
    fakeApi({ emergencyActionPreview: resumePreview([], 2) });
    await renderDialog('resume', [30, 31]);
    await screen.findByTestId('action-preview');
    expect(screen.queryByTestId('action-held')).toBeNull();
  });

  it('previews a custom duration test again with its minutes', async () => {
    const api = fakeApi({ emergencyActionPreview: preview(1) });
    await renderComponent(
      <MemoryRouter>
        <ActionDialog
          nid={NID}
          action="durationTest"
          target={{ kind: 'fittings', ids: [30] }}
          timeZone="Europe/Berlin"
          onClose={() => undefined}
          onTask={() => undefined}
        />
      </MemoryRouter>,
      { seed: (client) => seedNetwork(client, true) },
    );
    await screen.findByTestId('action-preview');
    fireEvent.mouseDown(within(screen.getByTestId('action-duration-kind')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Custom minutes'));
    const minutes = await screen.findByLabelText('Minutes');
    fireEvent.change(minutes, { target: { value: '1' } });
    await waitFor(() => expect(api.bodiesOf('emergencyActionPreview').at(-1)).toMatchObject({ durationMinutes: 1 }));
    expect((await screen.findByTestId('action-preview')).textContent).toContain('1 fitting goes on battery');
  });
});
