import { EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import type { NetworkDetail } from '@lightwell/domain';
import { Button, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FloorPlanUpload } from './floor-plan-upload';

/** Props of {@link ZoneToolbar}. */
export interface ZoneToolbarProps {
  network: NetworkDetail;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onAddNode: () => void;
  onBackups: () => void;
}

/**
 * Page actions by the server's abilities: the edit-mode switch, floor-plan upload and "add device"
 * for those who may edit, backups for those who may take them. Members without them see none.
 */
export function ZoneToolbar({ network, editing, onEditing, onAddNode, onBackups }: ZoneToolbarProps) {
  const { t } = useTranslation();
  const { abilities } = network;
  return (
    <Space wrap>
      {abilities.edit && (
        <Space size={6}>
          <EditOutlined aria-hidden />
          <Switch
            checked={editing}
            onChange={onEditing}
            aria-label={t('zone.toolbar.editMode')}
            data-testid="zone-edit-toggle"
          />
          <span>{t('zone.toolbar.editMode')}</span>
        </Space>
      )}
      {abilities.edit && <FloorPlanUpload nid={network.id} hasImage={Boolean(network.image)} />}
      {abilities.edit && editing && (
        <Button icon={<PlusOutlined />} onClick={onAddNode} data-testid="zone-add-node">
          {t('zone.toolbar.addNode')}
        </Button>
      )}
      {abilities.backup && (
        <Button icon={<HistoryOutlined />} onClick={onBackups} data-testid="zone-backups">
          {t('zone.toolbar.backups')}
        </Button>
      )}
    </Space>
  );
}
