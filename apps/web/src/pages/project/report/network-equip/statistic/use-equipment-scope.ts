import { useState } from 'react';
import type { EquipmentScope } from '../../../../../api/equipment';
import { useProjectInfoQuery } from '../../../../../api/project';
import { useSession } from '../../../../../stores/session';

/** A project or network as the pickers list it. */
export interface Choice {
  value: number;
  label: string;
}

/**
 * What the statistics page covers: the chosen project (the breadcrumb's current one by default, else the
 * first of the user's projects) and the networks chosen of it (none chosen: all of them). Choosing another
 * project clears the networks chosen; a chosen network that is no longer listed drops out.
 */
export function useEquipmentScope() {
  const current = useSession((state) => state.pid);
  const projects = useProjectInfoQuery();
  const list = projects.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [nids, setNids] = useState<number[]>([]);
  const known = (pid: number | null) => (pid !== null && list.some((project) => project.id === pid) ? pid : null);
  const pid = known(chosen) ?? known(current) ?? list[0]?.id ?? null;
  const project = list.find((item) => item.id === pid);
  const networks: Choice[] = (project?.networks ?? []).map((network) => ({ value: network.id, label: network.name }));
  const chosenNids = nids.filter((nid) => networks.some((network) => network.value === nid));
  const scope: EquipmentScope | null = pid === null ? null : { pid, nids: chosenNids };
  return {
    scope,
    projectName: project?.name ?? '',
    projects: list.map((item) => ({ value: item.id, label: item.name })),
    networks,
    nids: chosenNids,
    loading: projects.isLoading,
    setProject: (value: number) => {
      setChosen(value);
      setNids([]);
    },
    setNids,
  };
}
