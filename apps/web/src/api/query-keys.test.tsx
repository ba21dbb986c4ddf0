import type { Product } from '@lightwell/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { testUser } from '../test/render-app';
import { fakeApi } from '../test/render-component';
import { renderedClients } from '../test/rendered-clients';
import { deviceKeys, useProductAddMutation } from './device';
import { groupKeys, usePictureQuery } from './group';
import { useProfileApplyMutation, useProfileShareMutation } from './profile';
import { createQueryClient } from './query-client';
import { shareKeys } from './share';
import { zoneKeys } from './zone';

const uid = testUser.uid;
const nid = 3;

function clientAndWrapper() {
  useSession.getState().signIn(testUser);
  const client = createQueryClient();
  renderedClients.add(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('query keys come from the resource key factories (STYLE 3)', () => {
  it('caches a group or scene picture under the group key factory', async () => {
    const { client, wrapper } = clientAndWrapper();
    client.setQueryData(groupKeys.picture(uid, nid, 'hall.png'), 'data:image/png;base64,AA==');
    const { result } = renderHook(() => usePictureQuery(nid, 'hall.png'), { wrapper });
    expect(result.current.data).toBe('data:image/png;base64,AA==');
  });

  it('reloads the whole product catalogue after a product is added', async () => {
    fakeApi({ productAdd: { id: 9 } as Product });
    const { client, wrapper } = clientAndWrapper();
    client.setQueryData(deviceKeys.products(uid), []);
    client.setQueryData(deviceKeys.subVersions(uid, 1), []);
    const { result } = renderHook(() => useProductAddMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ model: 'LW-1', name: 'Lamp', kind: 'luminaire', subVersions: [] }));
    expect(client.getQueryState(deviceKeys.products(uid))?.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceKeys.subVersions(uid, 1))?.isInvalidated).toBe(true);
  });

  it('reloads zones after a profile is applied and invitations after it is shared', async () => {
    fakeApi({ profileApply: { outcomes: [] }, profileShare: null });
    const { client, wrapper } = clientAndWrapper();
    client.setQueryData(zoneKeys.map(uid, nid), { zones: [], nodes: [] });
    client.setQueryData(shareKeys.sent(uid), []);
    const { result } = renderHook(() => ({ apply: useProfileApplyMutation(), share: useProfileShareMutation() }), {
      wrapper,
    });
    await act(() => result.current.apply.mutateAsync({ profileId: 1, nids: [nid], zoneIds: [] }));
    await waitFor(() => expect(client.getQueryState(zoneKeys.map(uid, nid))?.isInvalidated).toBe(true));
    await act(() => result.current.share.mutateAsync({ profileId: 1, emails: ['b@example.com'] }));
    expect(client.getQueryState(shareKeys.sent(uid))?.isInvalidated).toBe(true);
  });
});
