import type { BackupDetail } from '@lightwell/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderComponent } from '../../../../../test/render-component';
import { BackupViewModal } from './backup-view-modal';

const empty = { added: [], removed: [], changed: [] };

/** A version 2 backup whose scene and schedule changed since and one of whose devices is gone. */
const detail: BackupDetail = {
  id: 9,
  nid: 3,
  name: 'Before works',
  createdAt: 0,
  createdBy: 'Ann',
  version: 2,
  zoneCount: 1,
  nodeCount: 2,
  content: {
    version: 2,
    network: {
      name: 'Hall',
      category: 'office',
      electricityPrice: 0,
      currency: 'EUR',
      image: null,
      imageWidth: 500,
      imageHeight: 500,
      latitude: null,
      longitude: null,
      timeZone: 'UTC',
      configId: null,
    },
    zones: [],
    nodes: [],
    devices: [],
    groups: [],
    scenes: [],
    schedules: [],
    profiles: [],
  },
  parts: [
    { part: 'network', count: 1 },
    { part: 'zones', count: 1 },
    { part: 'nodes', count: 2 },
    { part: 'devices', count: 3 },
    { part: 'groups', count: 1 },
    { part: 'scenes', count: 4 },
    { part: 'schedules', count: 2 },
  ],
  diff: {
    network: { changed: [] },
    zones: empty,
    nodes: empty,
    devices: { added: [], removed: [{ id: 5, name: 'Strip', fields: [] }], changed: [] },
    groups: empty,
    scenes: { ...empty, changed: [{ id: 7, name: 'Meeting', fields: ['devices'] }] },
    schedules: { ...empty, removed: [{ id: 8, name: 'Evening', fields: [] }] },
  },
  warnings: [{ kind: 'deviceMissing', names: ['Strip'] }],
};

describe('backup view', { timeout: 60_000 }, () => {
  it('shows each part with its count, the difference per part and the warnings, and asks again before a restore', async () => {
    fakeApi({ backupView: detail });
    await renderComponent(
      <BackupViewModal
        backupId={9}
        restoring={false}
        formatDateTime={() => 'then'}
        onRestore={async () => undefined}
        onClose={() => undefined}
      />,
    );
    const parts = await screen.findByTestId('backup-parts');
    expect(parts.textContent).toBe(
      'Network settingsZones: 1Devices on the plan: 2Device configurations: 3Groups: 1Scenes: 4Schedules: 2',
    );
    expect(screen.getByTestId('backup-warning-deviceMissing').textContent).toContain(
      'Devices no longer in the network: Strip.',
    );
    const diff = within(screen.getByTestId('backup-diff'));
    expect(diff.getByText('Scene Meeting changed: devices')).toBeTruthy();
    expect(diff.getByText('Schedule Evening is gone; a restore brings it back.')).toBeTruthy();
    expect(diff.getByText('Device Strip is no longer in the network; a restore cannot bring it back.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('backup-view-restore'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('What is listed under the warnings is skipped');
  });
});
