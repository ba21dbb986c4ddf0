import { type ProjectSummary, pickCurrentItem } from '@lightwell/domain';
import { useCallback, useEffect } from 'react';
import { useProjectsQuery } from '../api/project';
import { useSession } from '../stores/session';

/**
 * The user's projects and the current one (breadcrumb, section 2): the stored project while it is
 * listed, else the first project, which is then stored.
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
  const projects = query.data ?? [];
  const { item, changed } = pickCurrentItem(projects, pid);
  // The list is known once loaded, also while a later refetch fails.
  const loaded = query.data !== undefined;
  const renamed = item !== undefined && item.name !== pName;
  useEffect(() => {
    if (loaded && (changed || renamed)) setProject(item?.id ?? null, item?.name);
  }, [loaded, changed, renamed, item, setProject]);
  const select = useCallback((project: ProjectSummary) => setProject(project.id, project.name), [setProject]);
  return { projects, current: item, loading: query.isLoading, select };
}
