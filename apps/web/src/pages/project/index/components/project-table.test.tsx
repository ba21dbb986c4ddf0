import type { ProjectListItem } from '@lightwell/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../api/query-client';
import { AppProviders } from '../../../../app/providers';
import { i18n } from '../../../../i18n';
import { ProjectTable } from './project-table';

const base = { remarks: '', updatedAt: Date.UTC(2026, 0, 5, 9, 30) / 1000, networkCount: 0, canAddNetwork: true };
const rows: ProjectListItem[] = [
  { ...base, id: 1, name: 'Head office', isDefault: true, isCreator: true, ownerName: 'Ada Lovelace', networkCount: 2 },
  { ...base, id: 2, name: 'Shared site', isDefault: false, isCreator: false, ownerName: 'Anna Berg' },
  // A sub-user of a network in someone's project: may not share the project (the server refuses it too).
  {
    ...base,
    id: 3,
    name: 'Guest site',
    isDefault: false,
    isCreator: false,
    ownerName: 'Ben Ode',
    networkCount: 1,
    canAddNetwork: false,
  },
];
const noop = () => undefined;

describe('project table (/project/index)', () => {
  it('tags the default project and offers editing and deleting to the creator only', async () => {
    await i18n.changeLanguage('en');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ProjectTable
          rows={rows}
          total={3}
          page={1}
          pageSize={10}
          loading={false}
          settingDefault={undefined}
          formatDateTime={(value) => new Date(value * 1000).toISOString()}
          onPageChange={noop}
          actions={{
            onEdit: noop,
            onSetDefault: noop,
            onShare: noop,
            onDelete: async () => undefined,
            onOpenNetworks: noop,
          }}
        />
      </AppProviders>,
    );
    const [own, shared, guest] = screen.getAllByRole('row').slice(1);
    const buttons = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(within(own as HTMLElement).getByText('Default')).toBeTruthy();
    // The name opens the project's networks, like its network count.
    expect(buttons(own)).toEqual(['Head office', '2', 'Edit', 'Share', 'Delete']);
    expect(buttons(shared)).toEqual(['Shared site', '0', 'Set as default']);
    expect(buttons(guest)).toEqual(['Guest site', '1', 'Set as default']);
    expect(within(own as HTMLElement).getByText('2026-01-05T09:30:00.000Z')).toBeTruthy();
    // The owner column names whose a shared project is.
    expect(within(own as HTMLElement).getByText('You')).toBeTruthy();
    expect(within(shared as HTMLElement).getByText('Anna Berg')).toBeTruthy();
  });
});
