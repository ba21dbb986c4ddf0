import type { Scene } from '@lightwell/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NetworkControl } from '../../../../features/control/use-network-control';
import { markCatalogueFormats, renderComponent, tableRows } from '../../../../test/render-component';
import { SceneTable } from './scene-table';

const scene = (id: number): Scene => ({
  id,
  nid: 3,
  number: id + 3,
  name: `Scene ${id}`,
  type: 'generic',
  image: null,
  fadeTime: id,
  params: {},
  curve: null,
  builtIn: null,
  devices: [],
  createTime: 0,
});
const control = { pending: false, recallScene: () => undefined } as unknown as NetworkControl;

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('scene table', { timeout: 60_000 }, () => {
  it('pages by the user page size and shows fade times through the catalogue', async () => {
    restore = markCatalogueFormats();
    await renderComponent(
      <SceneTable
        nid={3}
        scenes={Array.from({ length: 25 }, (_, index) => scene(index + 1))}
        loading={false}
        luminaires={0}
        canEdit={false}
        control={control}
        onEdit={() => undefined}
        onDevices={() => undefined}
      />,
      { user: { pageNumber: 20 } },
    );
    expect(tableRows()).toHaveLength(20);
    expect(screen.getByTitle('2')).toBeTruthy();
    expect(screen.getByText('⟦2 s⟧')).toBeTruthy();
  });
});
