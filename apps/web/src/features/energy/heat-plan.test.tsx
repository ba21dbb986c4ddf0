import { type NetworkDetail, type Zone, ZoneSchema } from '@lightwell/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { zoneKeys } from '../../api/zone';
import { stubCanvas } from '../../test/canvas';
import { buildHeatMap } from '../../test/energy-data';
import { testUser } from '../../test/render-app';
import { renderComponent } from '../../test/render-component';
import { heatColor } from './heat-colors';
import { HeatPlan } from './heat-plan';

const zone = (id: number, name: string, x: number): Zone =>
  ZoneSchema.parse({
    id,
    nid: 3,
    name,
    points: [
      { x, y: 10 },
      { x: x + 100, y: 10 },
      { x: x + 100, y: 110 },
      { x, y: 110 },
    ],
    shape: 1,
    bgColor: '#91caff',
    zoneNameColor: '#262626',
    zoneNameAngle: 0,
    zoneNameSize: 16,
    zoneNamePositionX: null,
    zoneNamePositionY: null,
    configId: null,
    nodeCount: 0,
  });

/** Fill of the zone with `id` as the plan's Konva stage drew it. */
function zoneFill(id: number): string | undefined {
  const { Konva } = window as unknown as {
    Konva: { stages: { findOne: (selector: string) => { fill: () => string } | undefined }[] };
  };
  return Konva.stages.at(-1)?.findOne(`#zone-${id}`)?.fill();
}

beforeEach(() => stubCanvas());

describe('heat map on the floor plan', { timeout: 60_000 }, () => {
  it('colours the zones by their value in the frame the slider shows', async () => {
    const map = buildHeatMap();
    await renderComponent(<HeatPlan nid={3} map={map} rows="zone" />, {
      seed: (client) => {
        const detail = { id: 3, name: 'Demo', image: null, imageSize: { width: 400, height: 200 } };
        client.setQueryData(zoneKeys.network(testUser.uid, 3), detail as unknown as NetworkDetail);
        client.setQueryData(zoneKeys.map(testUser.uid, 3), {
          zones: [zone(1, 'Lobby', 10), zone(2, 'Office', 150), zone(3, 'Stairs', 290)],
          nodes: [],
        });
      },
    });
    expect(await screen.findByTestId('floor-plan')).toBeTruthy();
    // Frame values are [1, 2, 0], [2, 4, 0], [3, 6, 0] (Lobby, Office, Stairs): the scale runs to 6 Wh.
    expect(screen.getByTestId('heat-legend').textContent).toBe('Scale0 kWh0.006 kWh');
    await waitFor(() => expect(zoneFill(2)).toBe(`${heatColor(2, 6)}b3`));
    expect(zoneFill(1)).toBe(`${heatColor(1, 6)}b3`);
    expect(zoneFill(3)).toBe(`${heatColor(0, 6)}b3`);
    const slider = within(screen.getByTestId('frame-slider')).getByRole('slider');
    await act(async () => fireEvent.keyDown(slider, { key: 'End', keyCode: 35 }));
    expect(screen.getByTestId('frame-slider').dataset.frame).toBe('2');
    await waitFor(() => expect(zoneFill(2)).toBe(`${heatColor(6, 6)}b3`));
    expect(zoneFill(1)).toBe(`${heatColor(3, 6)}b3`);
  });
});
