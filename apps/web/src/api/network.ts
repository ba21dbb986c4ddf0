import { type CallInput, Code, Limits, type NetworkSummary } from '@lightwell/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { type Page, type PageQuery, projectKeys, useCallMutation } from './project';

/** Query keys of networks, per uid. Every key starts with `all(uid)`. */
export const networkKeys = {
  all: (uid: number | null) => ['network', uid] as const,
  page: (uid: number | null, pid: number | null, query: PageQuery) =>
    [...networkKeys.all(uid), 'page', pid, query] as const,
  moveTargets: (uid: number | null, nid: number) => [...networkKeys.all(uid), 'move', nid] as const,
  members: (uid: number | null, nid: number) => [...networkKeys.all(uid), 'members', nid] as const,
  recycle: (uid: number | null) => [...networkKeys.all(uid), 'recycle'] as const,
  audit: (uid: number | null, nid: number, query: PageQuery) => [...networkKeys.all(uid), 'audit', nid, query] as const,
};

/** Keys reloaded after a network change: networks, and projects (network counts, breadcrumb lists). */
export const afterNetworkChange = (uid: number | null) => [networkKeys.all(uid), projectKeys.all(uid)] as const;

function pageSizeOf(size: number): CallInput<'networkVoList'>['pageSize'] {
  return (Limits.pageSizes as readonly number[]).includes(size)
    ? (size as CallInput<'networkVoList'>['pageSize'])
    : Limits.defaultPageSize;
}

/** One page of a project's networks, searched by name; disabled without a project. */
export function useNetworkPageQuery(pid: number | null, query: PageQuery) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: networkKeys.page(uid, pid, query),
    queryFn: async (): Promise<Page<NetworkSummary>> => {
      const data = await call('networkVoList', {
        pid: pid ?? 0,
        page: query.page,
        pageSize: pageSizeOf(query.pageSize),
        keyword: query.keyword || undefined,
      });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null && pid !== null,
    placeholderData: keepPreviousData,
  });
}

/** Projects each of these networks may move to, and the projects all of them may move to. */
export function useMoveTargetsQuery(nids: readonly number[]) {
  const uid = useSession((state) => state.uid);
  const results = useQueries({
    queries: nids.map((nid) => ({
      queryKey: networkKeys.moveTargets(uid, nid),
      queryFn: async () => (await call('networkMoveList', { nid })) ?? [],
      enabled: uid !== null,
    })),
  });
  const lists = results.map((result) => result.data ?? []);
  const [first = [], ...rest] = lists;
  const common = first.filter((project) => rest.every((list) => list.some((other) => other.id === project.id)));
  return { targets: common, loading: results.some((result) => result.isLoading) };
}

/** Members of a network with their user type; only fetched while `enabled`. */
export function useNetworkMembersQuery(nid: number, enabled = true) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: networkKeys.members(uid, nid),
    queryFn: async () => (await call('networkUserList', { nid })) ?? [],
    enabled: uid !== null && enabled,
  });
}

/** Networks the user deleted, kept 30 days; none gives []. */
export function useNetworkRecycleQuery() {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: networkKeys.recycle(uid),
    queryFn: async () => (await call('networkRecycleList', {})) ?? [],
    enabled: uid !== null,
  });
}

/** One page of a network's audit trail (its administrator only). */
export function useNetworkAuditQuery(nid: number, query: PageQuery, enabled = true) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: networkKeys.audit(uid, nid, query),
    queryFn: async () => {
      const data = await call('networkAuditList', { nid, page: query.page, pageSize: pageSizeOf(query.pageSize) });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** Create a network in a project; the creator is its owner (2) or installer (1). */
export function useNetworkAddMutation() {
  return useCallMutation('networkAdd', { invalidates: afterNetworkChange });
}

/** Update a network from its serialised fields (`key`) in project `pid`. */
export function useNetworkUpdateMutation() {
  return useCallMutation('networkVoUpdate', { invalidates: afterNetworkChange });
}

/** Delete a network into the recycle bin, or leave it; 1062 (other users) is explained by the page. */
export function useNetworkDeleteMutation() {
  return useCallMutation('networkDelete', {
    invalidates: afterNetworkChange,
    meta: { quietCodes: [Code.networkNotDeletable] },
  });
}

/** Move one network to another project. */
export function useNetworkMoveMutation() {
  return useCallMutation('networkMoveSave', { invalidates: afterNetworkChange });
}

/** Move several networks to another project, all or none. */
export function useNetworkBatchMoveMutation() {
  return useCallMutation('networkPatchMoveSave', { invalidates: afterNetworkChange });
}

/** Remove a member from a network. */
export function useNetworkUserDeleteMutation() {
  return useCallMutation('networkUserDelete', { invalidates: afterNetworkChange });
}

/** Hand a network's ownership to a member. */
export function useNetworkUserTransferMutation() {
  return useCallMutation('networkUserTransfer', { invalidates: afterNetworkChange });
}

/** Restore a network from the recycle bin. */
export function useNetworkRestoreMutation() {
  return useCallMutation('networkRecycleRestore', { invalidates: afterNetworkChange });
}
