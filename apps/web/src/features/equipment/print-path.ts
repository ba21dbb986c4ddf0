import type { EquipmentScope } from '../../api/equipment';

/** The print form of the network equipment statistics (spec section 2). */
const EQUIPMENT_PRINT_PATH = '/report/networkEquipDataPDF';

/** The print form's address for a project and networks: `?pid=2&nids=5,7` (no `nids`: all of them). */
export function printPathOf(scope: EquipmentScope): string {
  const query = new URLSearchParams({ pid: String(scope.pid) });
  if (scope.nids.length > 0) query.set('nids', scope.nids.join(','));
  return `${EQUIPMENT_PRINT_PATH}?${query.toString()}`;
}

/** The print form of the statistics issued with a report, from its signed link: `?link=…` (public). */
export function issuedPrintPathOf(link: string): string {
  return `${EQUIPMENT_PRINT_PATH}?${new URLSearchParams({ link }).toString()}`;
}

/**
 * The scope a print form's query names; without `pid`, project `currentPid` (the breadcrumb's) and all its
 * networks. Null when there is no project, or the query names a bad project or network list.
 */
export function readPrintScope(params: URLSearchParams, currentPid: number | null): EquipmentScope | null {
  const id = (text: string) => (/^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : null);
  const given = params.get('pid');
  const pid = given === null ? currentPid : id(given);
  if (pid === null) return null;
  const raw = params.get('nids');
  if (raw === null || raw === '') return { pid, nids: [] };
  const nids = raw.split(',').map(id);
  if (nids.some((nid) => nid === null) || new Set(nids).size !== nids.length || nids.length > 100) return null;
  return { pid, nids: nids as number[] };
}
