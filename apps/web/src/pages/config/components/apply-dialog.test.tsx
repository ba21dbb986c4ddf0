import { Code, type ProfileSummary } from '@lightwell/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messageForCode } from '../../../api/errors';
import { projectKeys } from '../../../api/project';
import { useSession } from '../../../stores/session';
import { testUser } from '../../../test/render-app';
import { fakeApi, renderComponent } from '../../../test/render-component';
import { ApplyDialog } from './apply-dialog';

const profile = { id: 8, name: 'Office default' } as ProfileSummary;
const outcome = (nid: number, code: number, devices: number) => ({
  nid,
  zoneIds: [],
  wholeNetwork: true,
  code,
  taskId: code === 0 ? 1 : null,
  devices,
});

afterEach(() => useSession.getState().setProject(null));

describe('apply a profile', { timeout: 60_000 }, () => {
  it('names each network in the outcome, and says why a network was not sent the profile', async () => {
    fakeApi({ profileApply: { outcomes: [outcome(3, 0, 4), outcome(9, Code.gatewayOffline, 0)] } });
    await renderComponent(<ApplyDialog profile={profile} onClose={() => undefined} />, {
      seed: (client) => {
        useSession.getState().setProject(1, 'Head office');
        client.setQueryData(projectKeys.info(testUser.uid), [
          { id: 1, name: 'Head office', networks: [{ id: 3, name: 'Hall', timeZone: 'UTC' }] },
        ] as never);
      },
    });
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('Hall'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    const outcomes = await screen.findByTestId('profile-apply-outcomes');
    expect(within(outcomes).getByText('Hall')).toBeTruthy();
    expect(within(outcomes).getByText('Network #9')).toBeTruthy();
    expect(
      within(outcomes).getByText(`Stored; not sent: ${messageForCode(Code.gatewayOffline)}`, { exact: true }),
    ).toBeTruthy();
  });
});
