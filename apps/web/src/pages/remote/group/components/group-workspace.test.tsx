import type { Group } from '@lightwell/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gatewayKeys } from '../../../../api/gateway';
import { groupKeys } from '../../../../api/group';
import { zoneKeys } from '../../../../api/zone';
import { testUser } from '../../../../test/render-app';
import { renderComponent, tableRows } from '../../../../test/render-component';
import { GroupWorkspace } from './group-workspace';

const nid = 3;
const group = (id: number): Group => ({
  id,
  nid,
  type: 1,
  name: `Group ${id}`,
  category: 'office',
  image: null,
  deviceIds: [],
  realDeviceCount: 0,
  createTime: 0,
});

describe('group workspace', { timeout: 60_000 }, () => {
  it('pages the group table by the user page size setting', async () => {
    await renderComponent(<GroupWorkspace nid={nid} />, {
      user: { pageNumber: 20 },
      seed: (client) => {
        client.setQueryData(
          groupKeys.list(testUser.uid, nid),
          Array.from({ length: 25 }, (_, index) => group(index + 1)),
        );
        client.setQueryData(zoneKeys.network(testUser.uid, nid), { abilities: { edit: false } } as never);
        client.setQueryData(gatewayKeys.list(testUser.uid, nid), []);
      },
    });
    expect(tableRows()).toHaveLength(20);
    expect(screen.getByTitle('2')).toBeTruthy();
  });
});
