import { Code, type Scene } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { groupKeys } from './group';
import { useCallMutation } from './project';

/** Query keys of scenes, per uid and network. */
export const sceneKeys = {
  all: (uid: number | null) => ['scene', uid] as const,
  list: (uid: number | null, nid: number) => [...sceneKeys.all(uid), 'list', nid] as const,
};

/** Scenes of a network, the three built-in scenes first. */
export function useSceneListQuery(nid: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: sceneKeys.list(uid, nid),
    queryFn: async (): Promise<Scene[]> => (await call('sceneList', { nid })) ?? [],
    enabled: uid !== null,
  });
}

// Scene devices change the slots the member picker shows.
const afterSceneChange = (uid: number | null) => [sceneKeys.all(uid), groupKeys.all(uid)] as const;
/** A full luminaire (1079) is explained next to the device picker, not only in a toast. */
const slotsMeta = { quietCodes: [Code.sceneSlotsFull] };

/** Scene changes; each reloads the scene lists before it settles. */
export function useSceneMutations() {
  return {
    add: useCallMutation('sceneAdd', { invalidates: afterSceneChange }),
    update: useCallMutation('sceneUpdate', { invalidates: afterSceneChange }),
    setDevices: useCallMutation('sceneDeviceSet', { invalidates: afterSceneChange, meta: slotsMeta }),
    remove: useCallMutation('sceneDelete', { invalidates: afterSceneChange }),
  };
}
