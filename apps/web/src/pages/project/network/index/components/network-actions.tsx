import { DownOutlined } from '@ant-design/icons';
import { Limits, type NetworkSummary } from '@lightwell/domain';
import { Button, Dropdown, type MenuProps, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { builtPathOfIndex } from '../../../../../route-table';
import { useSession } from '../../../../../stores/session';

/** Menu index of the zone page (section 2); its link shows only once that page is built. */
const ZONE_INDEX = '2-2-2';

/** What the row actions open or do. */
export interface NetworkActionHandlers {
  onEdit: (network: NetworkSummary) => void;
  onMove: (network: NetworkSummary) => void;
  onMembers: (network: NetworkSummary) => void;
  onAudit: (network: NetworkSummary) => void;
  onShare: (network: NetworkSummary) => void;
  /** Deletes or leaves; resolves when the call has finished, whatever its outcome. */
  onDelete: (network: NetworkSummary) => Promise<void>;
}

/** The zone page for a network, when that page exists. */
function zoneLink(nid: number): string | undefined {
  const path = builtPathOfIndex(ZONE_INDEX);
  return path ? `${path}?nid=${nid}` : undefined;
}

/**
 * Actions of one network, shown as the server's abilities allow (STYLE 7): zones, edit, members, share, and
 * delete (administrator) or leave (everyone else) with different confirmations; move and the audit
 * trail under "More".
 */
export function NetworkActions({ network, handlers }: { network: NetworkSummary; handlers: NetworkActionHandlers }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { abilities } = network;
  const zones = zoneLink(network.id);
  const removal = abilities.delete ? 'delete' : abilities.leave ? 'leave' : undefined;
  const more: NonNullable<MenuProps['items']> = [
    ...(abilities.edit ? [{ key: 'move', label: t('network.actions.move') }] : []),
    ...(abilities.viewAudit ? [{ key: 'audit', label: t('network.actions.audit') }] : []),
  ];

  return (
    <Space size={0} wrap>
      {zones && (
        <Button
          type="link"
          size="small"
          onClick={() => {
            useSession.getState().setNetwork(network.id, network.name);
            void navigate(zones);
          }}
        >
          {t('network.actions.zones')}
        </Button>
      )}
      {abilities.edit && (
        <Button type="link" size="small" onClick={() => handlers.onEdit(network)}>
          {t('network.actions.edit')}
        </Button>
      )}
      <Button type="link" size="small" onClick={() => handlers.onMembers(network)}>
        {t('network.actions.members')}
      </Button>
      {abilities.share && (
        <Button type="link" size="small" onClick={() => handlers.onShare(network)}>
          {t('network.actions.share')}
        </Button>
      )}
      {removal && (
        <Popconfirm
          title={
            removal === 'delete'
              ? t('network.delete.confirmDelete', { name: network.name })
              : t('network.delete.confirmLeave', { name: network.name })
          }
          description={
            removal === 'delete'
              ? t('network.delete.deleteHint', { days: Limits.recycleRetentionDays })
              : t('network.delete.leaveHint')
          }
          okText={removal === 'delete' ? t('network.actions.delete') : t('network.actions.leave')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.actions.cancel')}
          onConfirm={() => handlers.onDelete(network)}
        >
          <Button type="link" size="small" danger>
            {removal === 'delete' ? t('network.actions.delete') : t('network.actions.leave')}
          </Button>
        </Popconfirm>
      )}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more,
            onClick: ({ key }) => (key === 'move' ? handlers.onMove(network) : handlers.onAudit(network)),
          }}
        >
          <Button type="link" size="small">
            {t('network.actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
