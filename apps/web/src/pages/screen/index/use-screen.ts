import { type LiveEvent, type ScreenSnapshot, zoneCounts } from '@lightwell/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { openScreenStream, screenKeys, useScreenQuery } from '../../../api/screen';
import { followLiveStream, type LiveStatus, mergeDeviceStates } from '../../../features/live';
import { useSession } from '../../../stores/session';

/** The display key in the page's fragment (`#key=lwd_…`), or null. */
export function displayKeyOf(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key?.startsWith('lwd_') ? key : null;
}

/**
 * A dashboard with one live event applied: device states merged as the plan merges them (a device the
 * snapshot does not know is left out; an 'inventory' event makes the caller reload), zone counts recomputed.
 */
export function applyScreenEvent(snapshot: ScreenSnapshot, event: LiveEvent): ScreenSnapshot {
  if (event.type !== 'devices' || event.nid !== snapshot.network.id) return snapshot;
  const merged = mergeDeviceStates(snapshot, event);
  if (!merged || merged === snapshot) return snapshot;
  return { ...merged, zones: zoneCounts(merged.zones, merged.devices) };
}

/**
 * The dashboard of `/screen/index?id=<nid>`: opened with the display key of the fragment when there is
 * one, else with the member's session, and kept live over the same event stream as the plan (the
 * display key's own stream without a session). Answers the snapshot query, the stream's status and
 * whether the page has anything to open it with.
 */
export function useScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const nid = Number.isInteger(id) && id > 0 ? id : null;
  const [key] = useState(() => displayKeyOf(window.location.hash));
  const uid = useSession((state) => state.uid);
  const query = useScreenQuery(nid, key);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const streamNid = query.data?.network.id ?? null;

  useEffect(() => {
    if (streamNid === null) return;
    const queryKey = screenKeys.view(key ? null : uid, nid ?? 0, key);
    const controller = new AbortController();
    void followLiveStream({
      open: (signal) => openScreenStream(streamNid, key, signal),
      onEvent: (event) => {
        if (event.type === 'inventory') {
          void queryClient.invalidateQueries({ queryKey });
          return;
        }
        queryClient.setQueryData<ScreenSnapshot>(queryKey, (cached) =>
          cached ? applyScreenEvent(cached, event) : cached,
        );
      },
      onReopen: () => queryClient.invalidateQueries({ queryKey }),
      setStatus,
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [queryClient, key, nid, streamNid, uid]);

  return { nid, key, query, status, canOpen: key !== null || (uid !== null && nid !== null) };
}
