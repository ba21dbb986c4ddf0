import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { zoneKeys } from '../../api/zone';
import { AppProviders } from '../../app/providers';
import { useSession } from '../../stores/session';
import { testUser } from '../../test/render-app';
import { fakeApi } from '../../test/render-component';
import { renderedClients } from '../../test/rendered-clients';
import { useSavedView } from './use-saved-view';

const nid = 12;

function setup(saved: Parameters<typeof useSavedView>[1]) {
  useSession.getState().signIn(testUser);
  const queryClient = createQueryClient();
  renderedClients.add(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>{children}</AppProviders>
  );
  return { queryClient, hook: renderHook(() => useSavedView(nid, saved), { wrapper }) };
}

describe('useSavedView (a view per user and network)', { timeout: 60_000 }, () => {
  it('has no view while none is saved, so the map fits the plan, and saves the first pan or zoom', async () => {
    const api = fakeApi({ viewStateSave: { zoom: 1.25, imgX: -40, imgY: 12 } });
    const { queryClient, hook } = setup(null);
    expect(hook.result.current.view).toBeNull();
    act(() => hook.result.current.handleViewChange({ zoom: 1.3, imgX: -40, imgY: 12 }));
    expect(hook.result.current.view).toEqual({ zoom: 1.25, imgX: -40, imgY: 12 });
    await waitFor(() => expect(api.bodiesOf('viewStateSave')).toHaveLength(1));
    expect(api.bodiesOf('viewStateSave')[0]).toMatchObject({ nid, zoom: 1.25, imgX: -40, imgY: 12 });
    // The cached view is the new one, so the page opened again shows it.
    expect(queryClient.getQueryData(zoneKeys.view(testUser.uid, nid))).toEqual({ zoom: 1.25, imgX: -40, imgY: 12 });
  });

  it('starts from the saved view', () => {
    fakeApi();
    const { hook } = setup({ zoom: 2, imgX: 5, imgY: 6 });
    expect(hook.result.current.view).toEqual({ zoom: 2, imgX: 5, imgY: 6 });
  });

  it('saves a change still waiting when the page closes', async () => {
    const api = fakeApi({ viewStateSave: { zoom: 0.5, imgX: 1, imgY: 2 } });
    const { hook } = setup(null);
    act(() => hook.result.current.handleViewChange({ zoom: 0.5, imgX: 1, imgY: 2 }));
    hook.unmount();
    await waitFor(() => expect(api.bodiesOf('viewStateSave')).toHaveLength(1));
  });
});
