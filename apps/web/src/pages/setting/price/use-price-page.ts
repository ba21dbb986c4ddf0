import type { CallInput } from '@lightwell/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnergyBaseQuery, useEnergyBaseUpdateMutation } from '../../../api/energy-base';
import { isApiError } from '../../../api/errors';
import { useProjectInfoQuery } from '../../../api/project';
import { toast } from '../../../app/feedback';
import { useSession } from '../../../stores/session';

type Change = Omit<CallInput<'energyBaseUpdate'>, 'nid'>;

/**
 * State of the price page: the chosen network (the breadcrumb's current one by default, else the first),
 * its energy base, and one `save` for every change, confirmed with the given message.
 */
export function usePricePage() {
  const { t } = useTranslation();
  const current = useSession((state) => state.nid);
  const projects = useProjectInfoQuery();
  const networks = (projects.data ?? []).flatMap((project) =>
    project.networks.map((network) => ({ value: network.id, label: `${project.name} / ${network.name}` })),
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const nid = chosen ?? current ?? networks[0]?.value ?? null;
  const base = useEnergyBaseQuery(nid);
  const update = useEnergyBaseUpdateMutation();

  /** Sends one change of the chosen network; answers whether it was saved. */
  const save = async (change: Change, done: string): Promise<boolean> => {
    if (nid === null) return false;
    try {
      await update.mutateAsync({ nid, ...change } as CallInput<'energyBaseUpdate'>);
      toast.saved(t(done));
      return true;
    } catch (error) {
      if (isApiError(error)) toast.error(error.message);
      return false;
    }
  };

  return {
    nid,
    setNid: setChosen,
    networks,
    networksLoading: projects.isLoading,
    base,
    save,
    saving: update.isPending,
  };
}
