import { useState } from 'react';
import { useProjectsQuery } from '../../../api/project';
import { useRecipientsQuery, useReportSetupQuery } from '../../../api/report-setup';
import { useSession } from '../../../stores/session';

/**
 * State of the header settings page: the chosen project (the breadcrumb's current one by default, else
 * the user's default project), its header settings, and its recipients when the user may edit them.
 */
export function useHeaderPage() {
  const current = useSession((state) => state.pid);
  const projects = useProjectsQuery();
  const options = (projects.data ?? []).map((project) => ({ value: project.id, label: project.name }));
  const [chosen, setChosen] = useState<number | null>(null);
  const known = (pid: number | null) => (pid !== null && options.some((o) => o.value === pid) ? pid : null);
  const pid = known(chosen) ?? known(current) ?? options[0]?.value ?? null;
  const setup = useReportSetupQuery(pid);
  const canEdit = setup.data?.canEdit ?? false;
  const recipients = useRecipientsQuery(pid, canEdit);
  return {
    pid,
    setPid: setChosen,
    projects: options,
    projectsLoading: projects.isLoading,
    setup,
    canEdit,
    recipients,
  };
}
