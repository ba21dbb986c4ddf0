import {
  type CallData,
  type CallInput,
  type CallName,
  Code,
  Limits,
  type ProjectListItem,
  type ProjectSummary,
} from '@lightwell/domain';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import type { CallMeta } from './query-client';

/** Project delete refused: it is the user's last project (section 8: 1050 on project delete is an error). */
export const PROJECT_IS_LAST = Code.emptyList;

/** Paging and search of a list. */
export interface PageQuery {
  page: number;
  pageSize: number;
  keyword?: string;
}

/** A page of a list as the server answers it; an empty list (1050) gives no data. */
export interface Page<T> {
  list: T[];
  total: number;
}

/** Query keys of projects, per uid. Every key starts with `all(uid)` so one invalidation reloads them all. */
export const projectKeys = {
  all: (uid: number | null) => ['project', uid] as const,
  list: (uid: number | null) => [...projectKeys.all(uid), 'all'] as const,
  page: (uid: number | null, query: PageQuery) => [...projectKeys.all(uid), 'page', query] as const,
  info: (uid: number | null) => [...projectKeys.all(uid), 'info'] as const,
};

async function invalidateAll(queryClient: QueryClient, keys: readonly (readonly unknown[])[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Options of a call mutation: error handling meta and the query keys it makes stale. */
interface CallMutationOptions {
  meta?: CallMeta;
  /** Query key prefixes reloaded after success, before the caller's own onSuccess runs. */
  invalidates?: (uid: number | null) => readonly (readonly unknown[])[];
}

/**
 * A mutation for one call. Listed queries are reloaded after success and the mutation stays pending
 * until they are, so a dialog closes on a list that already shows the change (section 4).
 */
export function useCallMutation<N extends CallName>(name: N, options: CallMutationOptions = {}) {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.uid);
  return useMutation<CallData<N>, Error, CallInput<N>>({
    mutationFn: (input) => call(name, input),
    onSuccess: () => invalidateAll(queryClient, options.invalidates?.(uid) ?? []),
    ...(options.meta ? { meta: options.meta } : {}),
  });
}

/** Keys reloaded after any project change: every project query, and network lists that name projects. */
export const afterProjectChange = (uid: number | null) => [projectKeys.all(uid), ['network', uid]] as const;

/** The user's projects, default first; an empty list (code 1050) gives []. */
export function useProjectsQuery() {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: projectKeys.list(uid),
    queryFn: async (): Promise<ProjectSummary[]> => (await call('projectAll', {})) ?? [],
    enabled: uid !== null,
  });
}

/** One page of the project list with network counts, searched by name. */
export function useProjectPageQuery(query: PageQuery) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: projectKeys.page(uid, query),
    queryFn: async (): Promise<Page<ProjectListItem>> => {
      const pageSize = (Limits.pageSizes as readonly number[]).includes(query.pageSize)
        ? (query.pageSize as CallInput<'projectVoList'>['pageSize'])
        : Limits.defaultPageSize;
      const data = await call('projectVoList', { ...query, pageSize, keyword: query.keyword || undefined });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null,
    placeholderData: keepPreviousData,
  });
}

/** Projects with their networks (breadcrumb network choice, home); none gives []. */
export function useProjectInfoQuery() {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: projectKeys.info(uid),
    queryFn: async () => (await call('projectInfoList', {})) ?? [],
    enabled: uid !== null,
  });
}

/** Create a project. */
export function useProjectAddMutation() {
  return useCallMutation('projectAdd', { invalidates: afterProjectChange });
}

/** Rename a project or change its remarks (its creator only). */
export function useProjectUpdateMutation() {
  return useCallMutation('projectUpdate', { invalidates: afterProjectChange });
}

/** Make a project the user's default. */
export function useProjectSetDefaultMutation() {
  return useCallMutation('projectUpdateId', { invalidates: afterProjectChange });
}

/** Delete a project; 1057 (has networks) and 1050 (last project) are explained by the page. */
export function useProjectDeleteMutation() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.uid);
  return useMutation<null, Error, CallInput<'projectDelete'>>({
    mutationFn: (input) => call('projectDelete', input),
    onSuccess: () => invalidateAll(queryClient, afterProjectChange(uid)),
    meta: { quietCodes: [Code.projectHasNetworks, PROJECT_IS_LAST] },
  });
}
