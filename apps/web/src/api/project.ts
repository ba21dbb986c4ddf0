import type { ProjectSummary } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';

/** Query keys of projects, per uid. */
export const projectKeys = {
  all: (uid: number | null) => ['project', uid] as const,
  list: (uid: number | null) => [...projectKeys.all(uid), 'all'] as const,
};

/** The user's projects, default first; an empty list (code 1050) gives []. */
export function useProjectsQuery() {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: projectKeys.list(uid),
    queryFn: async (): Promise<ProjectSummary[]> => (await call('projectAll', {})) ?? [],
    enabled: uid !== null,
  });
}
