import { Code, type NetworkSummary } from '@lightwell/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/errors';
import { useNetworkDeleteMutation, useNetworkPageQuery } from '../../../../api/network';
import { toast } from '../../../../app/feedback';
import { useCurrentProject } from '../../../../hooks/use-current-project';
import { useSession } from '../../../../stores/session';

/** The dialog or drawer shown over the network list. */
export type NetworkOverlay =
  | { kind: 'create' }
  | { kind: 'edit'; network: NetworkSummary }
  | { kind: 'move'; networks: NetworkSummary[] }
  | { kind: 'members'; network: NetworkSummary }
  | { kind: 'audit'; network: NetworkSummary }
  | { kind: 'screens'; network: NetworkSummary }
  | { kind: 'share'; network: NetworkSummary }
  | { kind: 'invitations' }
  | null;

/**
 * State and actions of the network list of the current (breadcrumb) project: paging with the user's
 * page size, search, row selection for batch moves, the open dialog, and delete or leave.
 */
export function useNetworkList() {
  const { t } = useTranslation();
  const { current: project, loading: projectLoading } = useCurrentProject();
  const pageSize = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<NetworkSummary[]>([]);
  const [overlay, setOverlay] = useState<NetworkOverlay>(null);
  const query = useNetworkPageQuery(project?.id ?? null, { page, pageSize, keyword });
  const remove = useNetworkDeleteMutation();
  const rows = query.data?.list ?? [];
  // A new project starts the list afresh.
  const [shownPid, setShownPid] = useState(project?.id);
  if (shownPid !== project?.id) {
    setShownPid(project?.id);
    setPage(1);
    setSelected([]);
  }

  const handleSearch = (value: string) => {
    setKeyword(value.trim());
    setPage(1);
  };

  /** Deletes or leaves after the confirmation; resolves either way so the confirmation closes. */
  const handleDelete = async (network: NetworkSummary) => {
    try {
      const { outcome } = await remove.mutateAsync({ nid: network.id });
      toast.success(t(outcome === 'left' ? 'network.messages.left' : 'network.messages.deleted'));
      setSelected((chosen) => chosen.filter((row) => row.id !== network.id));
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      if (isApiError(error, Code.networkNotDeletable)) toast.error(t('network.delete.otherUsers'));
    }
  };

  const close = () => setOverlay(null);
  /** After a move the moved networks have left this project's list. */
  const handleMoved = () => {
    setSelected([]);
    close();
  };

  return {
    project,
    projectLoading,
    rows,
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    page,
    pageSize,
    setPage,
    selected,
    setSelected,
    overlay,
    setOverlay,
    close,
    handleSearch,
    handleDelete,
    handleMoved,
  };
}
