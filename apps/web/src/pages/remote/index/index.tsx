import { NetworkGate } from '../../../features/control/network-gate';
import { PlanWorkspace } from './components/plan-workspace';

/** Plan page (/remote/index, 4-1): the current network's floor plan with live device state and control. */
export function RemotePlanPage() {
  return <NetworkGate>{(nid) => <PlanWorkspace nid={nid} />}</NetworkGate>;
}
