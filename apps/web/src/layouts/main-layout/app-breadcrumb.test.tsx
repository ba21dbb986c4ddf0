import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projectKeys } from '../../api/project';
import { useSession } from '../../stores/session';
import { renderApp, testUser } from '../../test/render-app';

const info = [
  {
    id: 1,
    name: 'Head office',
    isDefault: true,
    ownerName: 'Ada Lovelace',
    isCreator: true,
    networks: [
      { id: 11, name: 'Lobby', timeZone: 'UTC' },
      { id: 12, name: 'Roof', timeZone: 'UTC' },
    ],
  },
  { id: 2, name: 'Warehouse', isDefault: false, ownerName: 'Anna Berg', isCreator: false, networks: [] },
];

describe('breadcrumb network choice (section 2 fallback rule)', () => {
  it('falls back to the first network of the project and stores it, and follows project switches', async () => {
    const { queryClient } = await renderApp('/first/index', { signedIn: true });
    act(() => {
      useSession.getState().setProject(1, 'Head office');
      useSession.getState().setNetwork(99, 'Gone');
      queryClient.setQueryData(projectKeys.info(testUser.uid), info);
    });
    await waitFor(() => {
      expect(screen.getByTestId('breadcrumb-network').textContent).toBe('Lobby');
      expect(localStorage.getItem('currentNid')).toBe('11');
      expect(localStorage.getItem('currentNName')).toBe('Lobby');
    });

    fireEvent.mouseEnter(screen.getByTestId('breadcrumb-network'));
    fireEvent.click(await screen.findByText('Roof'));
    await waitFor(() => expect(localStorage.getItem('currentNid')).toBe('12'));

    act(() => useSession.getState().setProject(2, 'Warehouse'));
    // The label follows the project at once; the stored choice is cleared by an effect after it.
    await waitFor(() => {
      expect(screen.getByTestId('breadcrumb-network').textContent).toBe('No network');
      expect(localStorage.getItem('currentNid')).toBeNull();
    });
  });

  it('names the owner of a project someone else owns, in the breadcrumb, its choices and on home', async () => {
    await renderApp('/first/index', { signedIn: true });
    act(() => useSession.getState().setProject(2, 'Warehouse'));
    await waitFor(() => expect(screen.getByTestId('breadcrumb-project').textContent).toBe('Warehouse · Anna Berg'));
    const home = screen.getByTestId('home-projects');
    expect(home.textContent).toContain('Warehouse · Anna Berg');
    // One's own project keeps its plain name.
    expect(home.textContent).not.toContain('Head office ·');
    fireEvent.mouseEnter(screen.getByTestId('breadcrumb-project'));
    expect(await screen.findByRole('menuitem', { name: 'Head office' })).toBeTruthy();
  });

  it('lands a new member without a chosen network on their shared network, not on their empty project', async () => {
    const { queryClient } = await renderApp('/first/index', { signedIn: true });
    act(() => {
      queryClient.setQueryData(projectKeys.info(testUser.uid), [
        { ...info[0], networks: [] },
        { ...info[1], networks: [{ id: 21, name: 'Loading bay', timeZone: 'UTC' }] },
      ]);
    });
    await waitFor(() => {
      expect(screen.getByTestId('breadcrumb-project').textContent).toBe('Warehouse · Anna Berg');
      expect(screen.getByTestId('breadcrumb-network').textContent).toBe('Loading bay');
      expect(localStorage.getItem('currentNid')).toBe('21');
    });
  });
});
