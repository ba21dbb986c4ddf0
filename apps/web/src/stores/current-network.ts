import { pickCurrentItem } from '@lightwell/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useProjectInfoQuery } from '../api/project';
import { useSession } from './session';

/** A network as the breadcrumb lists it. */
export interface NetworkChoice {
  id: number;
  name: string;
}

const NO_NETWORKS: readonly NetworkChoice[] = [];

/**
 * The current project's networks and the current network (breadcrumb, section 2): the stored network
 * while the project lists it, else the project's first network, which is then stored; a project
 * without networks clears the stored network.
 */
export function useCurrentNetwork(): {
  networks: readonly NetworkChoice[];
  current: NetworkChoice | undefined;
  loading: boolean;
  select: (network: NetworkChoice) => void;
} {
  const query = useProjectInfoQuery();
  const pid = useSession((state) => state.pid);
  const nid = useSession((state) => state.nid);
  const nName = useSession((state) => state.nName);
  const setNetwork = useSession((state) => state.setNetwork);
  const networks = useMemo(
    () => query.data?.find((project) => project.id === pid)?.networks ?? NO_NETWORKS,
    [query.data, pid],
  );
  const { item, changed } = pickCurrentItem(networks, nid);
  // Wait for the list (kept when a later refetch fails) and for the project choice: without a project
  // there is nothing to fall back to yet.
  const settled = query.data !== undefined && pid !== null;
  const renamed = item !== undefined && item.name !== nName;
  useEffect(() => {
    if (settled && (changed || renamed)) setNetwork(item?.id ?? null, item?.name);
  }, [settled, changed, renamed, item, setNetwork]);
  const select = useCallback((network: NetworkChoice) => setNetwork(network.id, network.name), [setNetwork]);
  return { networks, current: item, loading: query.isLoading, select };
}
