import type { Zone } from '@lightwell/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { controlKeys } from '../../../api/control';
import { gatewayKeys } from '../../../api/gateway';
import { zoneKeys } from '../../../api/zone';
import { testUser } from '../../../test/render-app';
import { renderComponent, tableRows } from '../../../test/render-component';
import { ZoneControl } from './zone-control';

const nid = 3;
const zone = (id: number): Zone => ({
  id,
  nid,
  name: `Zone ${id}`,
  points: [],
  shape: 1,
  bgColor: '#ffffff',
  zoneNameColor: '#000000',
  zoneNameAngle: 0,
  zoneNameSize: 12,
  zoneNamePositionX: null,
  zoneNamePositionY: null,
  configId: null,
  nodeCount: 1,
});
const node = { id: 11, nid, zoneId: 1 };
const states = (lightness: number) => ({
  devices: [
    {
      id: 5,
      nodeIds: [11],
      online: true,
      elements: [{ index: 0, type: 1, onOff: 1, lightness, cct: null, status: 0 }],
    },
  ],
});

async function renderZones(zones: number) {
  return renderComponent(
    <MemoryRouter>
      <ZoneControl nid={nid} />
    </MemoryRouter>,
    {
      user: { pageNumber: 20 },
      seed: (client) => {
        client.setQueryData(zoneKeys.map(testUser.uid, nid), {
          zones: Array.from({ length: zones }, (_, index) => zone(index + 1)),
          nodes: [node],
        } as never);
        client.setQueryData(controlKeys.deviceState(testUser.uid, nid), states(40));
        client.setQueryData(gatewayKeys.list(testUser.uid, nid), []);
      },
    },
  );
}

describe('zone control', { timeout: 60_000 }, () => {
  it('without zones says to draw them first; a member who may not edit gets no button', async () => {
    await renderZones(0);
    const empty = await screen.findByTestId('zones-empty');
    expect(empty.textContent).toContain('This network has no zones yet. Draw zones on the floor plan');
    // A member who may not edit the network gets no button.
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('pages the zones by the user page size setting', async () => {
    await renderZones(25);
    expect(tableRows()).toHaveLength(20);
    expect(screen.getByTitle('2')).toBeTruthy();
  });

  it("keeps a zone's dimmer on the reported level as it changes", async () => {
    const { queryClient } = await renderZones(1);
    const dimmer = () => screen.getAllByRole('slider')[0]!;
    expect(dimmer().getAttribute('aria-valuenow')).toBe('40');
    act(() => void queryClient.setQueryData(controlKeys.deviceState(testUser.uid, nid), states(70)));
    await waitFor(() => expect(dimmer().getAttribute('aria-valuenow')).toBe('70'));
  });
});
