import { NetworkGate } from '../../../features/control/network-gate';
import { SceneWorkspace } from './components/scene-workspace';

/** Scene control page (/remote/scene, 4-4): the current network's scenes, recall, and the scene editor. */
export function RemoteScenePage() {
  return <NetworkGate>{(nid) => <SceneWorkspace nid={nid} />}</NetworkGate>;
}
