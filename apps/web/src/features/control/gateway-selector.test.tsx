import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayRow } from '../../api/gateway';
import { markCatalogueFormats, renderComponent } from '../../test/render-component';
import { GatewaySelector } from './gateway-selector';
import type { GatewayChoice } from './use-gateway-choice';

const hall: GatewayRow = {
  id: 2,
  nid: 3,
  sn: 'gw-1',
  name: 'Hall',
  gatewayType: 3,
  status: 2,
  meshStatus: 1,
  online: true,
  firmware: '1.0',
  lastSeen: null,
  createTime: 0,
  clockAhead: { count: 0, lastAt: null },
};

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('gateway selector', { timeout: 60_000 }, () => {
  it('labels each gateway with its status through the catalogue', async () => {
    restore = markCatalogueFormats();
    const choice: GatewayChoice = {
      gateways: [hall],
      gateway: hall,
      online: true,
      none: false,
      loading: false,
      select: () => undefined,
    };
    await renderComponent(<GatewaySelector choice={choice} />);
    expect(screen.getByText('⟦Hall · Online⟧')).toBeTruthy();
  });
});
