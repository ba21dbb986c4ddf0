import type { ReactNode } from 'react';
import { useNetworkDetailQuery } from '../../../api/zone';
import { NetworkGate } from '../../../features/control/network-gate';

/** What an emergency page works on: the breadcrumb's network and whether the user may act on it. */
export interface EmergencyScope {
  nid: number;
  /** Owner or installer (the server's abilities): actions, schedules and the fault workflow. */
  canAct: boolean;
  networkName: string;
}

function Scoped({ nid, children }: { nid: number; children: (scope: EmergencyScope) => ReactNode }) {
  const network = useNetworkDetailQuery(nid);
  return children({ nid, canAct: Boolean(network.data?.abilities.edit), networkName: network.data?.name ?? '' });
}

/** Emergency pages work on the breadcrumb's current network, like the remote-control pages. */
export function EmergencyGate({ children }: { children: (scope: EmergencyScope) => ReactNode }) {
  return <NetworkGate>{(nid) => <Scoped nid={nid}>{children}</Scoped>}</NetworkGate>;
}
