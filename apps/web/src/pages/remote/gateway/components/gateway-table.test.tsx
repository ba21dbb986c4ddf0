import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GatewayRow } from '../../../../api/gateway';
import { renderComponent, tableRows } from '../../../../test/render-component';
import { GatewayTable } from './gateway-table';

const gateway = (id: number): GatewayRow => ({
  id,
  nid: 3,
  sn: `gw-${id}`,
  name: `Gateway ${id}`,
  gatewayType: 3,
  status: 2,
  meshStatus: 1,
  online: true,
  firmware: '1.0',
  lastSeen: null,
  createTime: 0,
});
const gateways = Array.from({ length: 25 }, (_, index) => gateway(index + 1));

const renderTable = (canConfigure = false) =>
  renderComponent(
    <GatewayTable
      gateways={gateways}
      loading={false}
      canConfigure={canConfigure}
      onDiagnosis={() => undefined}
      onSecret={() => undefined}
    />,
    { user: { pageNumber: 20 } },
  );

describe('gateway table', { timeout: 60_000 }, () => {
  it('pages by the user page size setting', async () => {
    await renderTable();
    expect(tableRows()).toHaveLength(20);
    expect(screen.getByTitle('2')).toBeTruthy();
  });
});
