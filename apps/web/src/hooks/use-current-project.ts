import { type ProjectSummary, pickCurrentProject } from '@lightwell/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useProjectInfoQuery, useProjectsQuery } from '../api/project';
import { useSession } from '../stores/session';

/**
 * The user's projects and the current one (breadcrumb, section 2): the stored project while it is
 * listed, else the first project holding one of the user's networks (a new member of a shared network
 * lands there), else the first project; a fallback is then stored.
 */
export function useCurrentProject(): {
  projects: ProjectSummary[];
  current: ProjectSummary | undefined;
  loading: boolean;
  select: (project: ProjectSummary) => void;
} {
  const query = useProjectsQuery();
  const pid = useSession((state) => state.pid);
  const pName = useSession((state) => state.pName);
  const setProject = useSession((state) => state.setProject);
  const info = useProjectInfoQuery();
  const projects = query.data ?? [];
  const withNetworks = useMemo(
    () => new Set((info.data ?? []).filter((project) => project.networks.length > 0).map((project) => project.id)),
    [info.data],
  );
  const { item, changed } = pickCurrentProject(projects, pid, withNetworks);
  // The lists are known once loaded, also while a later refetch fails; without the networks (failed
  // request) the plain first-project fallback applies.
  const loaded = query.data !== undefined && (info.data !== undefined || info.isError);
  const renamed = item !== undefined && item.name !== pName;
  useEffect(() => {
    if (loaded && (changed || renamed)) setProject(item?.id ?? null, item?.name);
  }, [loaded, changed, renamed, item, setProject]);
  const select = useCallback((project: ProjectSummary) => setProject(project.id, project.name), [setProject]);
  return { projects, current: item, loading: query.isLoading, select };
}
