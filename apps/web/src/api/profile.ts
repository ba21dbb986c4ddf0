import { type CallInput, Code, Limits, type Profile, type ProfileScope, type ProfileSummary } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { type Page, useCallMutation } from './project';
import { shareKeys } from './share';
import { zoneKeys } from './zone';

/** Query keys of configuration profiles, per uid. */
export const profileKeys = {
  all: (uid: number | null) => ['profile', uid] as const,
  page: (uid: number | null, scope: ProfileScope, page: number, pageSize: number) =>
    [...profileKeys.all(uid), 'page', scope, page, pageSize] as const,
  one: (uid: number | null, id: number) => [...profileKeys.all(uid), 'one', id] as const,
  link: (link: string) => ['profile-link', link] as const,
};

const afterProfileChange = (uid: number | null) => [profileKeys.all(uid)] as const;

/** One page of profiles of a scope (mine, others, default); an empty list (1050) gives no rows. */
export function useProfilePageQuery(scope: ProfileScope, page: number, pageSize: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: profileKeys.page(uid, scope, page, pageSize),
    queryFn: async (): Promise<Page<ProfileSummary>> => {
      const size = (Limits.pageSizes as readonly number[]).includes(pageSize)
        ? (pageSize as CallInput<'profileList'>['pageSize'])
        : Limits.defaultPageSize;
      const data = await call('profileList', { scope, page, pageSize: size });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null,
    placeholderData: keepPreviousData,
  });
}

/** One profile with its settings; disabled without an id. */
export function useProfileQuery(id: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: profileKeys.one(uid, id ?? 0),
    queryFn: (): Promise<Profile> => call('profileGet', { profileId: id ?? 0 }),
    enabled: uid !== null && id !== null,
  });
}

/** Create an own profile. */
export function useProfileAddMutation() {
  return useCallMutation('profileAdd', { invalidates: afterProfileChange });
}

/** Change an own profile. */
export function useProfileUpdateMutation() {
  return useCallMutation('profileUpdate', { invalidates: afterProfileChange });
}

/** Delete an own profile; 1080 (in use) is explained by the page. */
export function useProfileDeleteMutation() {
  return useCallMutation('profileDelete', {
    invalidates: afterProfileChange,
    meta: { quietCodes: [Code.profileInUse] },
  });
}

/** Copy a visible profile into the user's own. */
export function useProfileCopyMutation() {
  return useCallMutation('profileCopy', { invalidates: afterProfileChange });
}

/** Apply a profile to zones and networks; the outcome per network is shown by the dialog. */
export function useProfileApplyMutation() {
  return useCallMutation('profileApply', { invalidates: (uid) => [...afterProfileChange(uid), zoneKeys.all(uid)] });
}

/** Share an own profile by e-mail link. */
export function useProfileShareMutation() {
  return useCallMutation('profileShare', { invalidates: (uid) => [shareKeys.all(uid)] });
}

/** What a profile share link offers (public); 1054 for an unknown link is shown as "no longer valid". */
export function useProfileShareInfoQuery(link: string) {
  return useQuery({
    queryKey: profileKeys.link(link),
    queryFn: () => call('profileShareInfo', { link }),
    enabled: link.length > 0,
    retry: false,
    meta: { quietCodes: [Code.checkFailed, Code.badInput] },
  });
}

/** Accept a profile share link: the copy joins the user's own profiles. */
export function useProfileShareAcceptMutation() {
  return useCallMutation('profileShareAccept', {
    invalidates: (uid) => [...afterProfileChange(uid), shareKeys.all(uid)],
    meta: { quietCodes: [Code.linkInvalid] },
  });
}
