import { BUILT_IN_SCENE_NAMES, type Scene } from '@lightwell/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../../api/scene';
import type { NetworkControl } from '../../../../features/control/use-network-control';
import { i18n } from '../../../../i18n';
import { testUser } from '../../../../test/render-app';
import { renderComponent } from '../../../../test/render-component';
import { SceneRecall } from './scene-recall';

const nid = 3;
const scene = (id: number, builtIn: number | null, name: string): Scene => ({
  id,
  nid,
  number: id,
  name,
  type: 'generic',
  image: null,
  fadeTime: 0,
  params: {},
  curve: null,
  builtIn,
  devices: [],
  createTime: 0,
});

describe('scene recall on the plan', { timeout: 60_000 }, () => {
  it('names the built-in scenes in the interface language, as the scene page does', async () => {
    const control = { pending: false, recallScene: vi.fn() } as unknown as NetworkControl;
    await renderComponent(<SceneRecall nid={nid} control={control} deviceCount={12} />, {
      seed: (client) =>
        client.setQueryData(sceneKeys.list(testUser.uid, nid), [
          scene(1, 1, BUILT_IN_SCENE_NAMES[1]!),
          scene(2, 2, BUILT_IN_SCENE_NAMES[2]!),
          scene(3, 3, BUILT_IN_SCENE_NAMES[3]!),
          scene(4, null, 'Meeting'),
        ]),
    });
    await act(() => i18n.changeLanguage('de'));
    for (const name of ['Alle aus', 'Alle 50 %', 'Alle an', 'Meeting']) expect(screen.getByText(name)).toBeTruthy();
    expect(screen.queryByText('All off')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: i18n.t('control.scenes.recallNamed', { name: 'Alle an' }) }));
    expect(control.recallScene).toHaveBeenCalledWith(3, 12);
  });
});
