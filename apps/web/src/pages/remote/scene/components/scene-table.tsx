import type { Scene } from '@lightwell/domain';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSceneMutations } from '../../../../api/scene';
import { toast } from '../../../../app/feedback';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../../../components/table-columns';
import type { NetworkControl } from '../../../../features/control/use-network-control';
import { useSceneName } from '../../../../features/scenes/scene-name';
import { useTablePagination } from '../../../../hooks/use-table-pagination';
import { PictureThumb } from '../../components/picture-field';

/** Props of {@link SceneTable}. */
export interface SceneTableProps {
  nid: number;
  scenes: readonly Scene[];
  loading: boolean;
  /** Real luminaires of the network: the devices a built-in scene reaches. */
  luminaires: number;
  /** Owners and installers change the scenes users made (never the built-in ones). */
  canEdit: boolean;
  control: NetworkControl;
  onEdit: (scene: Scene) => void;
  onDevices: (scene: Scene) => void;
}

/** Scenes of a network, paged by the user's page size: number, name, type, devices, fade time, actions. */
export function SceneTable({ nid, scenes, loading, luminaires, canEdit, control, onEdit, onDevices }: SceneTableProps) {
  const { t } = useTranslation();
  const nameOf = useSceneName();
  const pagination = useTablePagination();
  const { remove } = useSceneMutations();
  const reach = (scene: Scene) => (scene.builtIn ? luminaires : scene.devices.length);
  return (
    <Table<Scene>
      rowKey="id"
      loading={loading}
      dataSource={[...scenes]}
      pagination={pagination}
      scroll={TABLE_SCROLL}
      columns={[
        { title: t('scene.columns.number'), dataIndex: 'number', width: 64 },
        nameColumn<Scene>({
          title: t('scene.columns.name'),
          text: nameOf,
          onOpen: onEdit,
          canOpen: (scene) => canEdit && scene.builtIn === null,
          before: (scene) => <PictureThumb nid={nid} fileName={scene.image} />,
          after: (scene) => scene.builtIn !== null && <Tag color="gold">{t('scene.page.builtIn')}</Tag>,
        }),
        { title: t('scene.columns.type'), dataIndex: 'type', render: (type: string) => t(`scene.types.${type}`) },
        {
          title: t('scene.columns.devices'),
          key: 'devices',
          render: (_, scene) => t('scene.devices.count', { count: reach(scene) }),
        },
        {
          title: t('scene.columns.fadeTime'),
          dataIndex: 'fadeTime',
          render: (value: number) => t('common.units.seconds', { value }),
        },
        actionsColumn<Scene>({
          title: t('scene.columns.actions'),
          rowName: nameOf,
          actions: (scene) => {
            const editable = canEdit && scene.builtIn === null;
            return [
              {
                key: 'recall',
                label: t('scene.actions.recall'),
                primary: true,
                loading: control.pending,
                onClick: () => control.recallScene(scene.id, reach(scene)),
              },
              { key: 'edit', label: t('scene.actions.edit'), hidden: !editable, onClick: () => onEdit(scene) },
              { key: 'devices', label: t('scene.actions.devices'), hidden: !editable, onClick: () => onDevices(scene) },
              {
                key: 'delete',
                label: t('scene.actions.delete'),
                hidden: !editable,
                danger: true,
                onClick: () =>
                  remove.mutate({ sceneId: scene.id }, { onSuccess: () => toast.saved(t('scene.messages.deleted')) }),
                confirm: { title: t('scene.actions.deleteConfirm', { name: scene.name }) },
              },
            ];
          },
        }),
      ]}
    />
  );
}
