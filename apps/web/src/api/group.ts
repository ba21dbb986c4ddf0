import type { Group, MemberOption } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { useCallMutation } from './project';

/** Query keys of groups, of the devices groups and scenes may take, and of their pictures, per uid and network. */
export const groupKeys = {
  all: (uid: number | null) => ['group', uid] as const,
  list: (uid: number | null, nid: number) => [...groupKeys.all(uid), 'list', nid] as const,
  options: (uid: number | null, nid: number) => [...groupKeys.all(uid), 'options', nid] as const,
  picture: (uid: number | null, nid: number, fileName: string) =>
    [...groupKeys.all(uid), 'picture', nid, fileName] as const,
};

/** Groups of a network with their members. */
export function useGroupListQuery(nid: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: groupKeys.list(uid, nid),
    queryFn: async (): Promise<Group[]> => (await call('groupList', { nid })) ?? [],
    enabled: uid !== null,
  });
}

/** Luminaires and emergency devices of a network, with the scene slots each uses. */
export function useMemberOptionsQuery(nid: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: groupKeys.options(uid, nid),
    queryFn: async (): Promise<MemberOption[]> => (await call('groupDeviceOptions', { nid })) ?? [],
    enabled: uid !== null,
  });
}

const afterGroupChange = (uid: number | null) => [groupKeys.all(uid)] as const;

/** Group changes; each reloads the group lists before it settles. */
export function useGroupMutations() {
  return {
    add: useCallMutation('groupAdd', { invalidates: afterGroupChange }),
    update: useCallMutation('groupUpdate', { invalidates: afterGroupChange }),
    remove: useCallMutation('groupDelete', { invalidates: afterGroupChange }),
    addDevices: useCallMutation('groupDeviceAdd', { invalidates: afterGroupChange }),
    removeDevices: useCallMutation('groupDeviceRemove', { invalidates: afterGroupChange }),
  };
}

/** A group or scene picture as a data URL; none without a file name. */
export function usePictureQuery(nid: number, fileName: string | null | undefined) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: groupKeys.picture(uid, nid, fileName ?? ''),
    queryFn: async () => {
      const picture = await call('picture', { nid, fileName: fileName ?? '' });
      return `data:${picture.mime};base64,${picture.data}`;
    },
    enabled: uid !== null && Boolean(fileName),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Stores a picture for a group or scene of network `nid`; answers its file name. */
export function usePictureUploadMutation() {
  return useCallMutation('pictureUpload');
}
