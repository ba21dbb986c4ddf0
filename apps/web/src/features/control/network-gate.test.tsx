import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { projectKeys } from '../../api/project';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { testUser } from '../../test/render-app';
import { NetworkGate } from './network-gate';

describe('NetworkGate', () => {
  it('without a current network offers every network of every project, and opening one makes it current', async () => {
    await i18n.changeLanguage('en');
    useSession.getState().clear();
    useSession.getState().signIn(testUser);
    const queryClient = createQueryClient();
    queryClient.setQueryData(projectKeys.info(testUser.uid), [
      { id: 1, name: 'My project', isDefault: true, networks: [] },
      {
        id: 2,
        name: 'Demo office building',
        isDefault: false,
        networks: [{ id: 9, name: 'Demo office', timeZone: 'UTC' }],
      },
    ]);
    await act(async () => {
      render(
        <AppProviders queryClient={queryClient}>
          <MemoryRouter>
            <NetworkGate>{(nid) => <p>network {nid}</p>}</NetworkGate>
          </MemoryRouter>
        </AppProviders>,
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Demo office (project Demo office building)' }));
    expect(await screen.findByText('network 9')).toBeTruthy();
    expect(useSession.getState()).toMatchObject({ pid: 2, nid: 9 });
  });
});
