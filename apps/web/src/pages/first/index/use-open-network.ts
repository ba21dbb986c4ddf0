import { NETWORK_MENU_ENTRY } from '@lightwell/domain';
import { useNavigate } from 'react-router';
import { builtPathOfIndex, HOME_PATH } from '../../../route-table';
import { useSession } from '../../../stores/session';

/** Menu index of the zone page (section 2). */
const ZONE_INDEX = '2-2-2';

/**
 * Opens a network from home: makes its project and the network current (breadcrumb), then shows its
 * zone page when that page exists, else the project's network list.
 */
export function useOpenNetwork(): (
  project: { id: number; name: string },
  network?: { id: number; name: string },
) => void {
  const navigate = useNavigate();
  return (project, network) => {
    const session = useSession.getState();
    session.setProject(project.id, project.name);
    if (network) session.setNetwork(network.id, network.name);
    const zones = network && builtPathOfIndex(ZONE_INDEX);
    void navigate(zones ? `${zones}?nid=${network.id}` : (builtPathOfIndex(NETWORK_MENU_ENTRY) ?? HOME_PATH));
  };
}
