import type { NetworkSummary } from '@lightwell/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../../api/query-client';
import { AppProviders } from '../../../../../app/providers';
import { RowActions, splitRowActions } from '../../../../../components/row-actions';
import { i18n } from '../../../../../i18n';
import { useNetworkActions } from './network-actions';

const none = {
  edit: false,
  delete: false,
  leave: false,
  share: false,
  transfer: false,
  manageMembers: false,
  viewAudit: false,
  backup: false,
  display: false,
};

function network(abilities: Partial<NetworkSummary['abilities']>): NetworkSummary {
  return {
    id: 3,
    pid: 1,
    name: 'Hall',
    category: 'office',
    electricityPrice: 25,
    currency: 'EUR',
    userType: 2,
    memberCount: 1,
    createTime: 0,
    updatedAt: 0,
    timeZone: 'UTC',
    abilities: { ...none, ...abilities },
  };
}

const handlers = {
  onEdit: () => undefined,
  onMove: () => undefined,
  onMembers: () => undefined,
  onAudit: () => undefined,
  onScreens: () => undefined,
  onShare: () => undefined,
  onDelete: async () => undefined,
};

/** The row's actions with `inline` of them as buttons, listed for the test, and the actions themselves. */
function Harness({ abilities, inline }: { abilities: Partial<NetworkSummary['abilities']>; inline: number }) {
  const actions = useNetworkActions(handlers)(network(abilities));
  const { inline: shown, folded } = splitRowActions(actions, inline);
  return (
    <>
      <output data-testid="folded">{folded.map((action) => action.label).join(',')}</output>
      <RowActions actions={actions} rowName="Hall" inlineCount={inline === 0 ? 0 : undefined} />
      {shown.map((action) => (
        <span key={action.key} data-testid="inline">
          {action.label}
        </span>
      ))}
    </>
  );
}

/** Renders the row's actions with `inline` of them as buttons; answers the labels shown and folded. */
async function renderActions(abilities: Partial<NetworkSummary['abilities']>, inline = Number.POSITIVE_INFINITY) {
  await i18n.changeLanguage('en');
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <Harness abilities={abilities} inline={inline} />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    inline: screen.queryAllByTestId('inline').map((item) => item.textContent),
    folded: screen.getByTestId('folded').textContent?.split(',').filter(Boolean),
  };
}

describe('network row actions follow the abilities the server sent (STYLE 7)', () => {
  it('offers an administrator zones, edit, members, delete, and move, the lobby dashboard and the audit trail under More', async () => {
    const { inline, folded } = await renderActions({ edit: true, delete: true, manageMembers: true, viewAudit: true });
    expect(inline).toEqual(['Zones', 'Edit', 'Members', 'Delete']);
    expect(folded).toEqual(['Move', 'Lobby dashboard', 'Audit trail']);
  });

  it('offers a sub-user only zones, the members list, leaving and the lobby dashboard', async () => {
    const { inline, folded } = await renderActions({ leave: true });
    expect(inline).toEqual(['Zones', 'Members', 'Leave']);
    expect(folded).toEqual(['Lobby dashboard']);
  });

  it('folds what the width leaves out into More, keeping the order', async () => {
    const { inline, folded } = await renderActions({ edit: true, delete: true, share: true, viewAudit: true }, 1);
    expect(inline).toEqual(['Zones']);
    expect(folded).toEqual(['Edit', 'Members', 'Share', 'Delete', 'Move', 'Lobby dashboard', 'Audit trail']);
  });

  it('on a phone shows one More button whose delete asks first', async () => {
    await renderActions({ delete: true }, 0);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More actions for Hall' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Zones', 'Members', 'Delete', 'Lobby dashboard']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Delete the network Hall?', { exact: false })).toBeTruthy();
  });
});
