import type { PlanNode, ZoneMap } from '@lightwell/domain';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../api/query-client';
import { AppProviders } from '../../../../app/providers';
import { useSession } from '../../../../stores/session';
import { testUser } from '../../../../test/render-app';
import { fakeApi } from '../../../../test/render-component';
import { renderedClients } from '../../../../test/rendered-clients';
import { useZoneEditor } from './use-zone-editor';

const nid = 12;
const node = (id: number, positionX: number, positionY: number): PlanNode => ({
  id,
  nid,
  zoneId: null,
  vid: null,
  rid: null,
  name: `Lamp ${id}`,
  nameSize: 12,
  nameAngle: 0,
  iconSize: 24,
  nameColor: '#000000',
  positionX,
  positionY,
  namePositionX: null,
  namePositionY: null,
  status: 0,
  statusTime: null,
  createTime: Date.UTC(2026, 0, 5) / 1000,
});

function setup(map: ZoneMap) {
  useSession.getState().signIn(testUser);
  const queryClient = createQueryClient();
  renderedClients.add(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>{children}</AppProviders>
  );
  return renderHook(() => useZoneEditor(nid, map, { width: 500, height: 500 }), { wrapper });
}

/** Adds a device named `name` through the name prompt, as the toolbar's "Add device" does. */
async function addDevice(hook: ReturnType<typeof setup>, name: string) {
  act(() => hook.result.current.setPrompt({ kind: 'node' }));
  await act(() => hook.result.current.handleNamed(name));
}

describe('adding a device on the zone page', { timeout: 60_000 }, () => {
  it('places it at the plan start position (startX 20, startY 180), not in the middle of the plan', async () => {
    const api = fakeApi({ nodeAdd: node(7, 20, 180) });
    const hook = setup({ zones: [], nodes: [node(1, 250, 250)] });
    await addDevice(hook, 'Lamp 7');
    expect(api.bodiesOf('nodeAdd')).toHaveLength(1);
    expect(api.bodiesOf('nodeAdd')[0]).toMatchObject({ nid, name: 'Lamp 7', positionX: 20, positionY: 180 });
    expect(hook.result.current.selectedNodeId).toBe(7);
  });

  it('places the next one an icon lower while the start position is taken', async () => {
    const api = fakeApi({ nodeAdd: node(8, 20, 204) });
    const hook = setup({ zones: [], nodes: [node(7, 20, 180)] });
    await addDevice(hook, 'Lamp 8');
    expect(api.bodiesOf('nodeAdd')[0]).toMatchObject({ positionX: 20, positionY: 204 });
  });
});
