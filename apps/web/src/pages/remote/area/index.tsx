import { NetworkGate } from '../../../features/control/network-gate';
import { ZoneControl } from './zone-control';

/** Zone control page (/remote/area, 4-2): every zone of the current network with on, off and dimming. */
export function RemoteZonePage() {
  return <NetworkGate>{(nid) => <ZoneControl nid={nid} />}</NetworkGate>;
}
