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
});

describe('emergency action confirmation', { timeout: 60_000 }, () => {
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
