import { useTranslation } from 'react-i18next';
import { useGroupListQuery } from '../../api/group';
import { useSceneListQuery } from '../../api/scene';
import { useZoneMapQuery } from '../../api/zone';

/** Scenes, groups and zones of the network a schedule may act on, as select options with their names. */
export function useTargetOptions(nid: number) {
  const { t } = useTranslation();
  const scenes = useSceneListQuery(nid).data ?? [];
  const groups = useGroupListQuery(nid).data ?? [];
  const zones = useZoneMapQuery(nid).data?.zones ?? [];
  return {
    scene: scenes.map((s) => ({ value: s.id, label: s.builtIn ? t(`scene.builtIn.${s.builtIn}`) : s.name })),
    group: groups.map((g) => ({ value: g.id, label: g.name })),
    zone: zones.map((z) => ({ value: z.id, label: z.name })),
  };
}
