import type { FileDownloadLink } from '@lightwell/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../stores/session';
import { testUser } from '../test/render-app';
import { fakeApi } from '../test/render-component';
import { renderedClients } from '../test/rendered-clients';
import { fileKeys, LINK_REFRESH_MARGIN_MS, linkRefreshIn, useFileUrlQuery } from './file';
import { createQueryClient } from './query-client';

function clientAndWrapper() {
  useSession.getState().signIn(testUser);
  const client = createQueryClient();
  renderedClients.add(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const linkOf = (fileName: string, n: number, expiresIn = 600): FileDownloadLink => ({
  url: `/SigMesh/file/download?fileName=${fileName}&uid=${testUser.uid}&exp=${n}&sig=${'s'.repeat(43)}`,
  expiresIn,
});

afterEach(() => vi.useRealTimers());

describe('download links of stored images', () => {
  it('asks the server for a signed link of the file and gives its address, never the session', async () => {
    const api = fakeApi({ fileDownloadUrl: linkOf('plan-a.png', 1) });
    const { client, wrapper } = clientAndWrapper();
    const { result } = renderHook(() => useFileUrlQuery('plan-a.png'), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(linkOf('plan-a.png', 1).url));
    expect(result.current.data).not.toContain(testUser.token);
    expect(api.bodiesOf('fileDownloadUrl')).toEqual([expect.objectContaining({ fileName: 'plan-a.png' })]);
    expect(client.getQueryData(fileKeys.link(testUser.uid, 'plan-a.png'))).toEqual(linkOf('plan-a.png', 1));
  });

  it('asks nothing without a file name', async () => {
    const api = fakeApi({ fileDownloadUrl: linkOf('plan-a.png', 1) });
    const { wrapper } = clientAndWrapper();
    const { result } = renderHook(() => useFileUrlQuery(null), { wrapper });
    expect(result.current.data).toBeUndefined();
    expect(api.bodiesOf('fileDownloadUrl')).toEqual([]);
  });

  it('replaces the link before it expires, counted from when it arrived', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let handedOut = 0;
    const api = fakeApi({
      get fileDownloadUrl() {
        handedOut += 1;
        return linkOf('plan-a.png', handedOut);
      },
    });
    const { wrapper } = clientAndWrapper();
    const { result } = renderHook(() => useFileUrlQuery('plan-a.png'), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(linkOf('plan-a.png', 1).url));
    vi.advanceTimersByTime(600_000 - LINK_REFRESH_MARGIN_MS - 1_000);
    expect(api.bodiesOf('fileDownloadUrl')).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    await waitFor(() => expect(result.current.data).toBe(linkOf('plan-a.png', 2).url));
  });

  it('times the replacement by the link’s lifetime, at least 30 s apart', () => {
    const arrived = 1_000_000;
    const state = (expiresIn: number) => ({ state: { data: linkOf('p.png', 1, expiresIn), dataUpdatedAt: arrived } });
    expect(linkRefreshIn(state(600) as never, arrived)).toBe(600_000 - LINK_REFRESH_MARGIN_MS);
    expect(linkRefreshIn(state(600) as never, arrived + 500_000)).toBe(30_000);
    expect(linkRefreshIn({ state: { data: undefined, dataUpdatedAt: 0 } } as never)).toBe(0);
  });
});
