import { DeleteOutlined, MailOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { UserType } from '@lightwell/domain';
import { Button, Card, Empty, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/empty-state';
import { projectLabel } from '../../../../components/project-label';
import { InvitationsDrawer } from '../../../../features/sharing/invitations-drawer';
import { ShareDialog } from '../../../../features/sharing/share-dialog';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { NETWORK_RECYCLE_PATH, pathOfIndex } from '../../../../route-table';
import { AuditDrawer } from './components/audit-drawer';
import { DisplayDrawer } from './components/display-drawer';
import { MembersDrawer } from './components/members-drawer';
import { MoveDialog } from './components/move-dialog';
import { NetworkDialog } from './components/network-dialog';
import { NetworkTable } from './components/network-table';
import { useNetworkList } from './use-network-list';

/**
 * Network list (/project/network/index, index 2-2-1) of the breadcrumb's project: search, paging,
 * create, edit, delete or leave, move (one or a selection), members, audit trail, recycle bin.
 */
export function NetworkListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatInstant();
  const list = useNetworkList();
  const { overlay, project } = list;

  if (!project && !list.projectLoading) {
    return (
      <Card>
        <Empty description={t('network.list.noProject')}>
          <Link to={pathOfIndex('2-1') ?? '/'}>{t('menu.project.list')}</Link>
        </Empty>
      </Card>
    );
  }

  return (
    <Card
      title={project ? t('network.list.title', { project: projectLabel(project, t) }) : t('menu.project.networks')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            data-testid="network-search"
            placeholder={t('network.list.search')}
            aria-label={t('network.list.search')}
            onSearch={list.handleSearch}
          />
          <Button
            icon={<SwapOutlined />}
            data-testid="network-batch-move"
            disabled={list.selected.length === 0}
            onClick={() => list.setOverlay({ kind: 'move', networks: list.selected })}
          >
            {t('network.list.batchMove', { count: list.selected.length })}
          </Button>
          <Button
            icon={<MailOutlined />}
            data-testid="network-invitations"
            onClick={() => list.setOverlay({ kind: 'invitations' })}
          >
            {t('share.invitations.open')}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            data-testid="network-recycle-bin"
            onClick={() => void navigate(NETWORK_RECYCLE_PATH)}
          >
            {t('network.list.recycleBin')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="network-create"
            disabled={!project?.canAddNetwork}
            title={project && !project.canAddNetwork ? t('network.list.createNotAllowed') : undefined}
            onClick={() => list.setOverlay({ kind: 'create' })}
          >
            {t('network.list.create')}
          </Button>
        </Space>
      }
    >
      <NetworkTable
        rows={list.rows}
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        loading={list.loading || list.projectLoading}
        selected={list.selected}
        formatDateTime={formatDateTime}
        onPageChange={list.setPage}
        onSelect={list.setSelected}
        empty={
          <EmptyState
            description={t('network.list.empty')}
            action={
              project?.canAddNetwork
                ? { label: t('network.list.create'), onClick: () => list.setOverlay({ kind: 'create' }) }
                : undefined
            }
            testId="network-empty"
          />
        }
        actions={{
          onEdit: (network) => list.setOverlay({ kind: 'edit', network }),
          onMove: (network) => list.setOverlay({ kind: 'move', networks: [network] }),
          onMembers: (network) => list.setOverlay({ kind: 'members', network }),
          onAudit: (network) => list.setOverlay({ kind: 'audit', network }),
          onScreens: (network) => list.setOverlay({ kind: 'screens', network }),
          onShare: (network) => list.setOverlay({ kind: 'share', network }),
          onDelete: list.handleDelete,
        }}
      />
      {project?.canAddNetwork && overlay?.kind === 'create' && <NetworkDialog pid={project.id} onClose={list.close} />}
      {overlay?.kind === 'edit' && (
        <NetworkDialog pid={overlay.network.pid} network={overlay.network} onClose={list.close} />
      )}
      {overlay?.kind === 'move' && (
        <MoveDialog networks={overlay.networks} onMoved={list.handleMoved} onClose={list.close} />
      )}
      {overlay?.kind === 'members' && (
        <MembersDrawer network={overlay.network} formatDateTime={formatDateTime} onClose={list.close} />
      )}
      {overlay?.kind === 'screens' && (
        <DisplayDrawer network={overlay.network} formatDateTime={formatDateTime} onClose={list.close} />
      )}
      {overlay?.kind === 'audit' && (
        <AuditDrawer network={overlay.network} formatDateTime={formatDateTime} onClose={list.close} />
      )}
      {overlay?.kind === 'share' && (
        <ShareDialog
          kind="network"
          targetId={overlay.network.id}
          targetName={overlay.network.name}
          allowOwner={overlay.network.userType === UserType.installer && overlay.network.abilities.transfer}
          onClose={list.close}
        />
      )}
      {overlay?.kind === 'invitations' && <InvitationsDrawer onClose={list.close} />}
    </Card>
  );
}
