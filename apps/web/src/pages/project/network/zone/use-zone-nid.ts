import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useNetworkDetailQuery } from '../../../../api/zone';
import { useSession } from '../../../../stores/session';

function parseNid(value: string | null): number | null {
  const nid = Number(value);
  return Number.isSafeInteger(nid) && nid > 0 ? nid : null;
}

/**
 * The network the zone page shows: `?nid=` when a link names one (it then becomes the breadcrumb's
 * current project and network, and leaves the address), else the breadcrumb's current network.
 */
export function useZoneNid(): number | null {
  const [params, setParams] = useSearchParams();
  const urlNid = parseNid(params.get('nid'));
  const sessionNid = useSession((state) => state.nid);
  const detail = useNetworkDetailQuery(urlNid);
  const network = detail.data;
  const failed = detail.isError;

  useEffect(() => {
    if (urlNid === null || (!network && !failed)) return;
    if (network) {
      const session = useSession.getState();
      session.setProject(network.pid, network.pName);
      session.setNetwork(network.id, network.name);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('nid');
        return next;
      },
      { replace: true },
    );
  }, [urlNid, network, failed, setParams]);

  return urlNid ?? sessionNid;
}
