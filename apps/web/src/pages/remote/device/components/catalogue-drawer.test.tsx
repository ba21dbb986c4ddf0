import type { Product } from '@lightwell/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceKeys } from '../../../../api/device';
import { testUser } from '../../../../test/render-app';
import { renderComponent, tableRows } from '../../../../test/render-component';
import { CatalogueDrawer } from './catalogue-drawer';

const product = (id: number): Product => ({
  id,
  model: `LW-${id}`,
  name: `Product ${id}`,
  kind: 'luminaire',
  manufacturer: 'Lightwell',
  icon: null,
  ratedPower: 40,
  isSystem: true,
  editable: false,
  subVersionCount: 0,
});

describe('product catalogue', { timeout: 60_000 }, () => {
  it('pages by the user page size setting', async () => {
    await renderComponent(<CatalogueDrawer onClose={() => undefined} />, {
      user: { pageNumber: 20 },
      seed: (client) =>
        client.setQueryData(
          deviceKeys.products(testUser.uid),
          Array.from({ length: 25 }, (_, index) => product(index + 1)),
        ),
    });
    expect(tableRows(screen.getByRole('dialog'))).toHaveLength(20);
    expect(screen.getByTitle('2')).toBeTruthy();
  });
});
