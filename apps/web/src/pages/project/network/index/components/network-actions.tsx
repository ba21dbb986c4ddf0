import { Limits, type NetworkSummary } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../../../../components/row-actions';
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
  /** The lobby dashboard and its display keys. */
  onScreens: (network: NetworkSummary) => void;
  /** Deletes or leaves; resolves when the call has finished, whatever its outcome. */
  onDelete: (network: NetworkSummary) => Promise<void>;
}

/** The zone page for a network, when that page exists. */
function zoneLink(nid: number): string | undefined {
  const path = builtPathOfIndex(ZONE_INDEX);
  return path ? `${path}?nid=${nid}` : undefined;
}

/**
 * Actions of one network, as the server's abilities allow (STYLE 7): zones, edit, members, share, and
 * delete (administrator) or leave (everyone else) with different confirmations; move and the audit
 * trail always under "More".
 */
export function useNetworkActions(handlers: NetworkActionHandlers): (network: NetworkSummary) => RowAction[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (network) => {
    const { abilities } = network;
    const zones = zoneLink(network.id);
    const removal = abilities.delete ? 'delete' : abilities.leave ? 'leave' : undefined;
    return [
      {
        key: 'zones',
        label: t('network.actions.zones'),
        hidden: !zones,
        onClick: () => {
          useSession.getState().setNetwork(network.id, network.name);
          if (zones) void navigate(zones);
        },
      },
      {
        key: 'edit',
        label: t('network.actions.edit'),
        hidden: !abilities.edit,
        onClick: () => handlers.onEdit(network),
      },
      { key: 'members', label: t('network.actions.members'), onClick: () => handlers.onMembers(network) },
      {
        key: 'share',
        label: t('network.actions.share'),
        hidden: !abilities.share,
        onClick: () => handlers.onShare(network),
      },
      {
        key: 'remove',
        label: removal === 'delete' ? t('network.actions.delete') : t('network.actions.leave'),
        hidden: !removal,
        danger: true,
        onClick: () => handlers.onDelete(network),
        confirm: {
          title:
            removal === 'delete'
              ? t('network.delete.confirmDelete', { name: network.name })
              : t('network.delete.confirmLeave', { name: network.name }),
          description:
            removal === 'delete'
              ? t('network.delete.deleteHint', { days: Limits.recycleRetentionDays })
              : t('network.delete.leaveHint'),
          okText: removal === 'delete' ? t('network.actions.delete') : t('network.actions.leave'),
        },
      },
      {
        key: 'move',
        label: t('network.actions.move'),
        hidden: !abilities.edit,
        menuOnly: true,
        onClick: () => handlers.onMove(network),
      },
      {
        key: 'screens',
        label: t('network.actions.screens'),
        menuOnly: true,
        onClick: () => handlers.onScreens(network),
      },
      {
        key: 'audit',
        label: t('network.actions.audit'),
        hidden: !abilities.viewAudit,
        menuOnly: true,
        onClick: () => handlers.onAudit(network),
      },
    ];
  };
}
