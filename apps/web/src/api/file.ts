import type { FileDownloadLink } from '@lightwell/domain';
import { type Query, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';

/** Query keys of stored files' download links, per uid. */
export const fileKeys = {
  all: (uid: number | null) => ['file', uid] as const,
  link: (uid: number | null, fileName: string) => [...fileKeys.all(uid), 'link', fileName] as const,
};

/** A link is replaced this long before it stops working, so a picture starting to load from it never finds it expired. */
export const LINK_REFRESH_MARGIN_MS = 3 * 60_000;
/** Fewest milliseconds between two requests for a link of the same file. */
const LINK_REFRESH_MIN_MS = 30_000;

/**
 * Milliseconds until the link held by `query` is to be replaced: its lifetime, counted from when it arrived
 * (so the browser's clock need not agree with the server's), less the margin; 0 without a link.
 */
export function linkRefreshIn(query: Pick<Query<FileDownloadLink>, 'state'>, now = Date.now()): number {
  const { data, dataUpdatedAt } = query.state;
  if (!data) return 0;
  return Math.max(LINK_REFRESH_MIN_MS, dataUpdatedAt + data.expiresIn * 1000 - LINK_REFRESH_MARGIN_MS - now);
}

/**
 * Address of a stored image for an `<img>` or the floor plan: a short-lived link signed by the server
 * (`fileDownloadUrl`, section 7), replaced before it expires, even in a hidden tab, so the address in the
 * cache always works; none without a file name. The session never appears in the address.
 */
export function useFileUrlQuery(fileName: string | null | undefined) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: fileKeys.link(uid, fileName ?? ''),
    queryFn: () => call('fileDownloadUrl', { fileName: fileName ?? '' }),
    enabled: uid !== null && Boolean(fileName),
    staleTime: (query) => linkRefreshIn(query),
    refetchInterval: (query) => (query.state.data ? linkRefreshIn(query) : false),
    refetchIntervalInBackground: true,
    // Unused links are dropped before they could expire in the cache.
    gcTime: LINK_REFRESH_MARGIN_MS - 60_000,
    select: (link) => link.url,
  });
}
