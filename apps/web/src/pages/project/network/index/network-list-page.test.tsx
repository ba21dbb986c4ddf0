import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../../stores/session';
import { renderApp } from '../../../../test/render-app';
import { fakeApi } from '../../../../test/render-component';

const emptyPage = { list: [], total: 0, page: 1, pageSize: 10 };

describe('network list of the current project', { timeout: 60_000 }, () => {
  it("names the owner of someone else's project and offers New network only where the server allows it", async () => {
    fakeApi({ networkVoList: emptyPage });
    await renderApp('/project/network/index', { signedIn: true });
    act(() => useSession.getState().setProject(1, 'Head office'));
    const create = await screen.findByTestId('network-create');
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Networks of Head office')).toBeTruthy();

    // Warehouse is Anna Berg's, shared with this user only as a sub-user (canAddNetwork false).
    act(() => useSession.getState().setProject(2, 'Warehouse'));
    expect(await screen.findByText('Networks of Warehouse · Anna Berg')).toBeTruthy();
    expect((screen.getByTestId('network-create') as HTMLButtonElement).disabled).toBe(true);
  });
});
