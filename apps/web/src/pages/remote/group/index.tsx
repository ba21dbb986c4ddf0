import { NetworkGate } from '../../../features/control/network-gate';
import { GroupWorkspace } from './components/group-workspace';

/** Group control page (/remote/group, 4-3): the current network's groups, their devices and on/off. */
export function RemoteGroupPage() {
  return <NetworkGate>{(nid) => <GroupWorkspace nid={nid} />}</NetworkGate>;
}
