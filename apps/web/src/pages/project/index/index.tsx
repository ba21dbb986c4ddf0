import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShareDialog } from '../../../features/sharing/share-dialog';
import { useFormatInstant } from '../../../hooks/use-format-instant';
import { ProjectDialog } from './components/project-dialog';
import { ProjectTable } from './components/project-table';
import { useProjectList } from './use-project-list';

/** Project list (/project/index, index 2-1): search, paging, create, edit, set as default, delete. */
export function ProjectListPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatInstant('local');
  const list = useProjectList();

  return (
    <Card
      title={t('menu.project.list')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            data-testid="project-search"
            placeholder={t('project.list.search')}
            aria-label={t('project.list.search')}
            onSearch={list.handleSearch}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="project-create"
            onClick={() => list.setDialog({ mode: 'create' })}
          >
            {t('project.list.create')}
          </Button>
        </Space>
      }
    >
      <ProjectTable
        rows={list.rows}
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        loading={list.loading}
        settingDefault={list.settingDefault}
        formatDateTime={formatDateTime}
        onPageChange={list.setPage}
        actions={{
          onEdit: (project) => list.setDialog({ mode: 'edit', project }),
          onSetDefault: list.handleSetDefault,
          onShare: (project) => list.setDialog({ mode: 'share', project }),
          onDelete: list.handleDelete,
          onOpenNetworks: list.handleOpenNetworks,
        }}
      />
      {list.dialog?.mode === 'share' && (
        <ShareDialog
          kind="project"
          targetId={list.dialog.project.id}
          targetName={list.dialog.project.name}
          onClose={() => list.setDialog(null)}
        />
      )}
      {list.dialog && list.dialog.mode !== 'share' && (
        <ProjectDialog
          project={list.dialog.mode === 'edit' ? list.dialog.project : undefined}
          onClose={() => list.setDialog(null)}
        />
      )}
    </Card>
  );
}
