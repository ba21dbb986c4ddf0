import type { EnergyBase } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { networkKeys } from './network';
import { projectKeys, useCallMutation } from './project';

/** Query keys of networks' energy base (price, tariff history, CO2 factor set), per uid. */
export const energyBaseKeys = {
  all: (uid: number | null) => ['energy', uid] as const,
  base: (uid: number | null, nid: number) => [...energyBaseKeys.all(uid), 'base', nid] as const,
};

/** The energy base of one network the user belongs to. */
export function useEnergyBaseQuery(nid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: energyBaseKeys.base(uid, nid ?? 0),
    queryFn: async (): Promise<EnergyBase> => (await call('energyBaseList', { nids: [nid ?? 0] }))[0]!,
    enabled: uid !== null && nid !== null,
  });
}

/** Changes a network's energy base; the network lists reload too, since they show the price. */
export function useEnergyBaseUpdateMutation() {
  return useCallMutation('energyBaseUpdate', {
    invalidates: (uid) => [energyBaseKeys.all(uid), networkKeys.all(uid), projectKeys.all(uid)],
  });
}
