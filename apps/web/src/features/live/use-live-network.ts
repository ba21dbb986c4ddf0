import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../stores/session';
import { joinLiveStream, type LiveStatus } from './live-stream';

/**
 * Keeps the query cache of network `nid` live (issue 5 live updates): joins the tab's one stream of
 * `/api/v1/live/stream` for the network, merges its events into the cached device states, gateways and
 * tasks, and reconnects with backoff, reloading on reconnect. Answers the stream's status; none without a nid.
 */
export function useLiveNetwork(nid: number | null): LiveStatus | null {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.uid);
  const [status, setStatus] = useState<LiveStatus | null>(null);
  useEffect(() => {
    if (nid === null || uid === null) {
      setStatus(null);
      return;
    }
    const joined = joinLiveStream(queryClient, uid, nid, () => setStatus(joined.status()));
    setStatus(joined.status());
    return joined.leave;
  }, [queryClient, uid, nid]);
  return status;
}
