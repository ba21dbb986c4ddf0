import { isGatewayOnline } from '@lightwell/domain';
import { useCallback, useMemo, useState } from 'react';
import { type GatewayRow, useGatewayListQuery } from '../../api/gateway';
import { useSession } from '../../stores/session';
import { resolveGatewayChoice, writeGatewayChoice } from './gateway-choice';

/** The gateways of a network and the one commands go through (section 4 remembered choice per pid-nid). */
export interface GatewayChoice {
  gateways: readonly GatewayRow[];
  /** The chosen gateway; null while loading or when the network has none. */
  gateway: GatewayRow | null;
  /** The chosen gateway is online (section 4 rule). */
  online: boolean;
  /** The list has loaded and is empty: the "no gateway" error applies. */
  none: boolean;
  loading: boolean;
  /** Chooses and remembers a gateway for the current pid-nid. */
  select: (gatewayId: number) => void;
}

/** Gateway choice of network `nid` for the current project, remembered in the browser. */
export function useGatewayChoice(nid: number | null): GatewayChoice {
  const pid = useSession((state) => state.pid);
  const query = useGatewayListQuery(nid);
  const [picked, setPicked] = useState(0);
  const gateways = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `picked` changes the stored choice this reads.
  const gateway = useMemo(
    () => (gateways && nid !== null ? resolveGatewayChoice(gateways, pid, nid) : null),
    [gateways, pid, nid, picked],
  );
  const select = useCallback(
    (gatewayId: number) => {
      if (nid === null) return;
      writeGatewayChoice(pid, nid, gatewayId);
      setPicked((count) => count + 1);
    },
    [pid, nid],
  );
  return {
    gateways: gateways ?? [],
    gateway,
    online: gateway ? isGatewayOnline(gateway) : false,
    none: query.isSuccess && (gateways?.length ?? 0) === 0,
    loading: query.isLoading,
    select,
  };
}
