import type { NetworkSummary } from '@lightwell/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../../api/query-client';
import { AppProviders } from '../../../../../app/providers';
import { i18n } from '../../../../../i18n';
import { NetworkActions } from './network-actions';

const none = {
  edit: false,
  delete: false,
  leave: false,
  share: false,
  transfer: false,
  manageMembers: false,
  viewAudit: false,
  backup: false,
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
    abilities: { ...none, ...abilities },
  };
}

const handlers = {
  onEdit: () => undefined,
  onMove: () => undefined,
  onMembers: () => undefined,
  onAudit: () => undefined,
  onShare: () => undefined,
  onDelete: async () => undefined,
};

async function renderActions(abilities: Partial<NetworkSummary['abilities']>) {
  await i18n.changeLanguage('en');
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <NetworkActions network={network(abilities)} handlers={handlers} />
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.queryAllByRole('button').map((button) => button.textContent?.trim());
}

describe('network row actions follow the abilities the server sent (STYLE 7)', () => {
  it('offers an administrator edit, members, delete, and move and the audit trail under More', async () => {
    const labels = await renderActions({ edit: true, delete: true, manageMembers: true, viewAudit: true });
    expect(labels).toEqual(['Zones', 'Edit', 'Members', 'Delete', 'More']);
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Move', 'Audit trail']);
  });

  it('offers a sub-user only the members list and leaving', async () => {
    expect(await renderActions({ leave: true })).toEqual(['Zones', 'Members', 'Leave']);
  });
});
