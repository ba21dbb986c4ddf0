import { NetworkGate } from '../../../features/control/network-gate';
import { OverviewWorkspace } from './components/overview-workspace';

/** Network data overview (/home/network, 1-1): energy, cost, CO2 and savings of the current network over a period. */
export function NetworkOverviewPage() {
  return <NetworkGate>{(nid) => <OverviewWorkspace nid={nid} />}</NetworkGate>;
}
