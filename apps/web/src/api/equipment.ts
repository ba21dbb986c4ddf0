import type { CallInput, EquipmentExportFormat, EquipmentStatistics } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';

/** Which networks of which project: `nids` empty means every network of the project the user holds. */
export interface EquipmentScope {
  pid: number;
  nids: readonly number[];
}

/** Query keys of the equipment statistics, per uid. */
const equipmentKeys = {
  all: (uid: number | null) => ['equipment', uid] as const,
  statistic: (uid: number | null, scope: EquipmentScope) =>
    [...equipmentKeys.all(uid), 'statistic', scope.pid, [...scope.nids]] as const,
};

const payloadOf = (scope: EquipmentScope): CallInput<'equipmentStatistic'> =>
  scope.nids.length === 0 ? { pid: scope.pid } : { pid: scope.pid, nids: [...scope.nids] };

/**
 * The installed base of networks of a project (2-9 and its print form); a project without a network of
 * the user (1050) answers zero figures and no network. Devices report on their own: an open page stays
 * current.
 */
export function useEquipmentStatisticQuery(scope: EquipmentScope | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: equipmentKeys.statistic(uid, scope ?? { pid: 0, nids: [] }),
    queryFn: (): Promise<EquipmentStatistics> => call('equipmentStatistic', payloadOf(scope!)),
    enabled: uid !== null && scope !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** Fetches the statistics of `scope` as a file (CSV, XLSX or PDF) in the user's language. */
export async function fetchEquipmentExport(
  scope: EquipmentScope,
  format: EquipmentExportFormat,
): Promise<Blob & { name: string }> {
  const file = await call('equipmentExport', { ...payloadOf(scope), format });
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
  return Object.assign(new Blob([bytes], { type: file.contentType }), { name: file.fileName });
}
