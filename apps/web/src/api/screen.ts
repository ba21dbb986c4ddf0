import { type CallData, type ScreenSnapshot, screenCounts } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call, openCallStream } from './client';
import { useCallMutation } from './project';

/** Query keys of the lobby dashboard and the display keys, per uid (null on a display). */
export const screenKeys = {
  all: (uid: number | null) => ['screen', uid] as const,
  view: (uid: number | null, nid: number, key: string | null) => [...screenKeys.all(uid), 'view', nid, key] as const,
  tokens: (uid: number | null, nid: number) => [...screenKeys.all(uid), 'tokens', nid] as const,
};

/** A display key as listed (never with the key itself). */
export type DisplayTokenRow = NonNullable<CallData<'displayTokenList'>>[number];

/**
 * The dashboard of network `nid`: opened with a display key when there is one (a lobby screen), else
 * with the signed-in member's session.
 */
export function useScreenQuery(nid: number | null, key: string | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: screenKeys.view(key ? null : uid, nid ?? 0, key),
    queryFn: (): Promise<ScreenSnapshot> =>
      key ? call('screenDisplay', { key }) : call('screenView', { nid: nid ?? 0 }),
    enabled: key !== null || (uid !== null && nid !== null),
    retry: false,
    // Live events keep the lights current; today's energy is read again every minute.
    refetchInterval: 60_000,
  });
}

/**
 * Opens the dashboard's live event stream: the display key's own stream when there is a key (a lobby
 * screen without a session), else network `nid`'s stream with the member's session.
 */
export function openScreenStream(
  nid: number,
  key: string | null,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  return key ? openCallStream('screenLive', { key }, signal) : openCallStream('liveStream', { nid }, signal);
}

/** Totals of the whole network as the dashboard shows them. */
export function screenTotals(snapshot: ScreenSnapshot) {
  return screenCounts(snapshot.devices);
}

/** The display keys of a network (its administrator); none (1050) gives []. */
export function useDisplayTokensQuery(nid: number, enabled: boolean) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: screenKeys.tokens(uid, nid),
    queryFn: async (): Promise<DisplayTokenRow[]> => (await call('displayTokenList', { nid })) ?? [],
    enabled: enabled && uid !== null,
  });
}

const afterTokenChange = (uid: number | null) => [screenKeys.all(uid)] as const;

/** Makes a display key; the answer holds the key, shown once. */
export function useDisplayTokenAddMutation() {
  return useCallMutation('displayTokenAdd', { invalidates: afterTokenChange });
}

/** Revokes a display key. */
export function useDisplayTokenRevokeMutation() {
  return useCallMutation('displayTokenRevoke', { invalidates: afterTokenChange });
}

/** The dashboard link of a network, with the display key in the fragment (never sent to a server). */
export function screenLink(nid: number, key?: string): string {
  const url = new URL('/screen/index', window.location.origin);
  url.searchParams.set('id', String(nid));
  if (key) url.hash = `key=${key}`;
  return url.toString();
}
