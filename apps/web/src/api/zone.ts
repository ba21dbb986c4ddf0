import {
  type CallInput,
  Code,
  FILE_UPLOAD_PATH,
  type PlanNode,
  type UploadedFile,
  type ViewState,
  type Zone,
  type ZoneMap,
} from '@lightwell/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../app/feedback';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { call, uploadFile } from './client';
import { isApiError } from './errors';
import { afterNetworkChange } from './network';

/** Query keys of a network's map, per uid: its detail (image, abilities), zones and nodes, the user's view. */
export const zoneKeys = {
  all: (uid: number | null) => ['zone', uid] as const,
  network: (uid: number | null, nid: number) => [...zoneKeys.all(uid), 'network', nid] as const,
  map: (uid: number | null, nid: number) => [...zoneKeys.all(uid), 'map', nid] as const,
  view: (uid: number | null, nid: number) => [...zoneKeys.all(uid), 'view', nid] as const,
};

/** Keys reloaded after a change of a network's map as a whole (new image, restored backup). */
export const afterMapChange = (uid: number | null, nid: number) =>
  [zoneKeys.network(uid, nid), zoneKeys.map(uid, nid), ...afterNetworkChange(uid)] as const;

/** One network with its floor plan (image, imageSize), role and abilities; disabled without a nid. */
export function useNetworkDetailQuery(nid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: zoneKeys.network(uid, nid ?? 0),
    queryFn: () => call('networkVoByNid', { nid: nid ?? 0 }),
    enabled: uid !== null && nid !== null,
  });
}

/** Zones and nodes of a network. */
export function useZoneMapQuery(nid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: zoneKeys.map(uid, nid ?? 0),
    queryFn: async (): Promise<ZoneMap> => (await call('zoneList', { nid: nid ?? 0 })) ?? { zones: [], nodes: [] },
    enabled: uid !== null && nid !== null,
  });
}

/** The user's saved view of a network's map (zoom, imgX, imgY); `null` while none is saved. */
export function useViewStateQuery(nid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: zoneKeys.view(uid, nid ?? 0),
    queryFn: () => call('viewStateGet', { nid: nid ?? 0 }),
    enabled: uid !== null && nid !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Saves the user's view of network `nid`. The cached view is replaced at once, so a page opened again
 * before the answer arrives shows it; the stored (snapped) view replaces it when it does.
 */
export function useViewStateSaveMutation(nid: number) {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.uid);
  return useMutation({
    mutationFn: (view: ViewState) => call('viewStateSave', { nid, ...view }),
    onMutate: (view) => void queryClient.setQueryData(zoneKeys.view(uid, nid), view),
    onSuccess: (view) => queryClient.setQueryData(zoneKeys.view(uid, nid), view),
  });
}

function patchMap(client: QueryClient, key: readonly unknown[], patch: (map: ZoneMap) => ZoneMap) {
  client.setQueryData<ZoneMap>(key, (map) => (map ? patch(map) : map));
}

const putZone = (zone: Zone) => (map: ZoneMap) => ({
  ...map,
  zones: map.zones.some((z) => z.id === zone.id)
    ? map.zones.map((z) => (z.id === zone.id ? zone : z))
    : [...map.zones, zone],
});

const putNode = (node: PlanNode) => (map: ZoneMap) => ({
  ...map,
  nodes: map.nodes.some((n) => n.id === node.id)
    ? map.nodes.map((n) => (n.id === node.id ? node : n))
    : [...map.nodes, node],
});

/** Zone and node changes of one network's map; each answer (clamped, cleaned) goes straight into the cache. */
export function useZoneMutations(nid: number) {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.uid);
  const key = zoneKeys.map(uid, nid);
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  // Section 6: a refused zone or device change has its own message.
  const zoneMeta = { quietCodes: [Code.noPermission] };
  const handleError = (error: Error) => {
    if (isApiError(error, Code.noPermission)) toast.error(i18n.t('zone.messages.noPermission'));
    return reload();
  };
  return {
    addZone: useMutation({
      mutationFn: (input: Omit<CallInput<'zoneAdd'>, 'nid'>) => call('zoneAdd', { ...input, nid }),
      onSuccess: (zone) => patchMap(queryClient, key, putZone(zone)),
      onError: handleError,
      meta: zoneMeta,
    }),
    updateZone: useMutation({
      mutationFn: (input: CallInput<'zoneUpdate'>) => call('zoneUpdate', input),
      onSuccess: (zone) => patchMap(queryClient, key, putZone(zone)),
      onError: handleError,
      meta: zoneMeta,
    }),
    deleteZone: useMutation({
      mutationFn: (zid: number) => call('zoneDelete', { zid }),
      onSuccess: (_data, zid) =>
        patchMap(queryClient, key, (map) => ({ ...map, zones: map.zones.filter((z) => z.id !== zid) })),
      onError: handleError,
      meta: { quietCodes: [Code.zoneHasNodes, Code.noPermission] },
    }),
    addNode: useMutation({
      mutationFn: (input: Omit<CallInput<'nodeAdd'>, 'nid'>) => call('nodeAdd', { ...input, nid }),
      onSuccess: (node) => patchMap(queryClient, key, putNode(node)),
      onError: handleError,
      meta: zoneMeta,
    }),
    updateNode: useMutation({
      mutationFn: (input: CallInput<'nodeUpdate'>) => call('nodeUpdate', input),
      // The zones' device counts change when a node moves between zones.
      onSuccess: async (node) => {
        patchMap(queryClient, key, putNode(node));
        await reload();
      },
      onError: handleError,
      meta: zoneMeta,
    }),
    deleteNode: useMutation({
      mutationFn: (nodeId: number) => call('nodeDelete', { nodeId }),
      onSuccess: reload,
      onError: handleError,
      meta: zoneMeta,
    }),
  };
}

/** Uploads a network's floor-plan image; the map (rescaled zones and nodes) and the network reload after it. */
export function useFloorPlanUploadMutation(nid: number) {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.uid);
  return useMutation({
    mutationFn: (file: Blob) => uploadFile<UploadedFile>(FILE_UPLOAD_PATH, { nid }, file),
    onSuccess: () =>
      Promise.all(afterMapChange(uid, nid).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
