import { Code, NETWORK_MENU_ENTRY, type ProjectListItem } from '@lightwell/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/errors';
import {
  PROJECT_IS_LAST,
  useProjectDeleteMutation,
  useProjectPageQuery,
  useProjectSetDefaultMutation,
} from '../../../api/project';
import { toast } from '../../../app/feedback';
import { HOME_PATH, pathOfIndex } from '../../../route-table';
import { useSession } from '../../../stores/session';

/** The project dialog shown: create, or edit one project. */
export type ProjectDialogState =
  | { mode: 'create' }
  | { mode: 'edit'; project: ProjectListItem }
  | { mode: 'share'; project: ProjectListItem }
  | null;

/**
 * State and actions of the project list: paging with the user's page size, search by name, dialogs,
 * set as default and delete (section 4: reload, close, clear the current project when it was deleted).
 */
export function useProjectList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageSize = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<ProjectDialogState>(null);
  const query = useProjectPageQuery({ page, pageSize, keyword });
  const setDefault = useProjectSetDefaultMutation();
  const remove = useProjectDeleteMutation();
  const rows = query.data?.list ?? [];

  const handleSearch = (value: string) => {
    setKeyword(value.trim());
    setPage(1);
  };

  const handleSetDefault = (project: ProjectListItem) =>
    setDefault.mutate(
      { pid: project.id },
      { onSuccess: () => toast.saved(t('project.messages.defaultSet', { name: project.name })) },
    );

  /** Deletes after the confirmation; resolves either way so the confirmation closes. */
  const handleDelete = async (project: ProjectListItem) => {
    const wasCurrent = useSession.getState().pid === project.id;
    try {
      await remove.mutateAsync({ pid: project.id });
    } catch (error) {
      if (isApiError(error, Code.projectHasNetworks)) toast.error(t('errors.1057'));
      else if (isApiError(error, PROJECT_IS_LAST)) toast.error(t('project.delete.last'));
      return;
    }
    if (wasCurrent) {
      useSession.getState().setProject(null);
      useSession.getState().setNetwork(null);
    }
    if (rows.length === 1 && page > 1) setPage(page - 1);
    toast.success(t('project.messages.deleted'));
  };

  const handleOpenNetworks = (project: ProjectListItem) => {
    useSession.getState().setProject(project.id, project.name);
    void navigate(pathOfIndex(NETWORK_MENU_ENTRY) ?? HOME_PATH);
  };

  return {
    rows,
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    page,
    pageSize,
    setPage,
    dialog,
    setDialog,
    settingDefault: setDefault.isPending ? setDefault.variables?.pid : undefined,
    handleSearch,
    handleSetDefault,
    handleDelete,
    handleOpenNetworks,
  };
}
