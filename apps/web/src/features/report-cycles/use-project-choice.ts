import { useState } from 'react';
import { useProjectsQuery } from '../../api/project';
import { useSession } from '../../stores/session';

/**
 * The project a report page is about: the one chosen on the page, else the breadcrumb's current one, else
 * the user's first; with the options of the project picker.
 */
export function useProjectChoice() {
  const current = useSession((state) => state.pid);
  const projects = useProjectsQuery();
  const options = (projects.data ?? []).map((project) => ({ value: project.id, label: project.name }));
  const [chosen, setChosen] = useState<number | null>(null);
  const known = (pid: number | null) => (pid !== null && options.some((option) => option.value === pid) ? pid : null);
  return {
    pid: known(chosen) ?? known(current) ?? options[0]?.value ?? null,
    setPid: setChosen,
    options,
    loading: projects.isLoading,
  };
}
