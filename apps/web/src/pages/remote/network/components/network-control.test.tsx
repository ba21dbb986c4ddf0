import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlKeys } from '../../../../api/control';
import { gatewayKeys } from '../../../../api/gateway';
import { testUser } from '../../../../test/render-app';
import { renderComponent } from '../../../../test/render-component';
import { NetworkControlCard } from './network-control';

const nid = 3;
const states = (lightness: number) => ({
  devices: [
    { id: 5, nodeIds: [], online: true, elements: [{ index: 0, type: 1, onOff: 1, lightness, cct: null, status: 0 }] },
  ],
});

describe('network control', { timeout: 60_000 }, () => {
  it('shows the dimmer at the reported level once it loads, and as it changes', async () => {
    const { queryClient } = await renderComponent(<NetworkControlCard nid={nid} />, {
      seed: (client) => client.setQueryData(gatewayKeys.list(testUser.uid, nid), []),
    });
    const dimmer = () => screen.getByRole('slider');
    expect(dimmer().getAttribute('aria-valuenow')).toBe('0');
    act(() => void queryClient.setQueryData(controlKeys.deviceState(testUser.uid, nid), states(55)));
    await waitFor(() => expect(dimmer().getAttribute('aria-valuenow')).toBe('55'));
    act(() => void queryClient.setQueryData(controlKeys.deviceState(testUser.uid, nid), states(20)));
    await waitFor(() => expect(dimmer().getAttribute('aria-valuenow')).toBe('20'));
  });
});
