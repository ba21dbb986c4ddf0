import type { Scene } from '@lightwell/domain';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** What naming a scene needs: built-in scenes (1 all off, 2 all 50 %, 3 all on) are named by the interface. */
type NamedScene = Pick<Scene, 'name' | 'builtIn'>;

/** A scene's name as shown: a built-in scene's in the interface language, a user's scene's as stored. */
function sceneName(scene: NamedScene, t: TFunction): string {
  return scene.builtIn ? t(`scene.builtIn.${scene.builtIn}`, { defaultValue: scene.name }) : scene.name;
}

/** {@link sceneName} in the current interface language, for lists that show scenes. */
export function useSceneName(): (scene: NamedScene) => string {
  const { t } = useTranslation();
  return useCallback((scene: NamedScene) => sceneName(scene, t), [t]);
}
