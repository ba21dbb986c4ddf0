import type { CallData, CallInput } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { useCallMutation } from './project';

/** Query keys of gateways, per uid: a network's list and a gateway's diagnosis pages. */
export const gatewayKeys = {
  all: (uid: number | null) => ['gateway', uid] as const,
  list: (uid: number | null, nid: number) => [...gatewayKeys.all(uid), 'list', nid] as const,
  diagnosis: (uid: number | null, gatewayId: number, page: number, pageSize: number) =>
    [...gatewayKeys.all(uid), 'diagnosis', gatewayId, page, pageSize] as const,
};

/** A gateway as `gatewayList` answers it (section-4 on-load rule applied, `online` computed). */
export type GatewayRow = NonNullable<CallData<'gatewayList'>>[number];

/** The gateways of a network; none (code 1050) gives []. */
export function useGatewayListQuery(nid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: gatewayKeys.list(uid, nid ?? 0),
    queryFn: async (): Promise<GatewayRow[]> => (await call('gatewayList', { nid: nid ?? 0 })) ?? [],
    enabled: uid !== null && nid !== null,
  });
}

/** One page of a gateway's diagnosis entries, newest first. */
export function useGatewayDiagnosisQuery(gatewayId: number | null, page: number, pageSize: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: gatewayKeys.diagnosis(uid, gatewayId ?? 0, page, pageSize),
    queryFn: async () => {
      const data = await call('gatewayDiagnosisList', {
        gatewayId: gatewayId ?? 0,
        page,
        pageSize,
      } as CallInput<'gatewayDiagnosisList'>);
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null && gatewayId !== null,
    placeholderData: keepPreviousData,
  });
}

const afterGatewayChange = (uid: number | null) => [gatewayKeys.all(uid)] as const;

/** Adds a gateway (owners and installers); the answer carries the secret, shown once. */
export function useGatewayAddMutation() {
  return useCallMutation('gatewayAdd', { invalidates: afterGatewayChange });
}

/** Renames a gateway. */
export function useGatewayUpdateMutation() {
  return useCallMutation('gatewayUpdate', { invalidates: afterGatewayChange });
}

/** Deletes a gateway. */
export function useGatewayDeleteMutation() {
  return useCallMutation('gatewayDelete', { invalidates: afterGatewayChange });
}

/** Makes a new MQTT secret for a gateway; the old one stops working. */
export function useGatewaySecretResetMutation() {
  return useCallMutation('gatewaySecretReset');
}
