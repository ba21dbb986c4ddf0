import type { Scene } from '@lightwell/domain';
import { Button, Card, Flex, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberOptionsQuery } from '../../../../api/group';
import { useSceneListQuery, useSceneMutations } from '../../../../api/scene';
import { useNetworkDetailQuery } from '../../../../api/zone';
import { toast } from '../../../../app/feedback';
import { GatewaySelector } from '../../../../features/control/gateway-selector';
import { TaskProgress } from '../../../../features/control/task-progress';
import { useNetworkControl } from '../../../../features/control/use-network-control';
import { useSceneName } from '../../../../features/scenes/scene-name';
import { SchedulePanel } from '../../../../features/schedules/schedule-panel';
import { PictureThumb } from '../../group/components/picture-field';
import { SceneDevicesDialog } from './scene-devices-dialog';
import { SceneDialog } from './scene-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; scene: Scene } | { mode: 'devices'; scene: Scene } | null;

/** Scenes of network `nid`, built-in first: recall (with the task tally), and for owners and installers the editor. */
export function SceneWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const scenes = useSceneListQuery(nid);
  const options = useMemberOptionsQuery(nid);
  const canEdit = Boolean(useNetworkDetailQuery(nid).data?.abilities.edit);
  const control = useNetworkControl(nid);
  const { remove } = useSceneMutations();
  const [editing, setEditing] = useState<Editing>(null);
  // Built-in scenes reach every real luminaire of the network.
  const luminaires = (options.data ?? []).filter((d) => d.kind === 'luminaire' && !d.isVirtual).length;
  const nameOf = useSceneName();

  return (
    <Flex vertical gap={16}>
      <Card
        title={t('scene.page.title')}
        extra={
          <Space wrap>
            <GatewaySelector choice={control.choice} />
            {canEdit && (
              <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
                {t('scene.page.add')}
              </Button>
            )}
          </Space>
        }
      >
        <Flex vertical gap={12}>
          <TaskProgress taskId={control.taskId} />
          <Table<Scene>
            rowKey="id"
            loading={scenes.isLoading}
            dataSource={scenes.data ?? []}
            pagination={false}
            columns={[
              { title: t('scene.columns.number'), dataIndex: 'number', width: 64 },
              {
                title: t('scene.columns.name'),
                key: 'name',
                render: (_, scene) => (
                  <Space>
                    <PictureThumb nid={nid} fileName={scene.image} />
                    {nameOf(scene)}
                    {scene.builtIn !== null && <Tag color="gold">{t('scene.page.builtIn')}</Tag>}
                  </Space>
                ),
              },
              { title: t('scene.columns.type'), dataIndex: 'type', render: (type: string) => t(`scene.types.${type}`) },
              {
                title: t('scene.columns.devices'),
                key: 'devices',
                render: (_, scene) =>
                  t('scene.devices.count', { count: scene.builtIn ? luminaires : scene.devices.length }),
              },
              { title: t('scene.columns.fadeTime'), dataIndex: 'fadeTime', render: (value: number) => `${value} s` },
              {
                title: t('scene.columns.actions'),
                key: 'actions',
                render: (_, scene) => (
                  <Space wrap>
                    <Button
                      size="small"
                      type="primary"
                      loading={control.pending}
                      onClick={() => control.recallScene(scene.id, scene.builtIn ? luminaires : scene.devices.length)}
                    >
                      {t('scene.actions.recall')}
                    </Button>
                    {canEdit && scene.builtIn === null && (
                      <>
                        <Button size="small" onClick={() => setEditing({ mode: 'edit', scene })}>
                          {t('scene.actions.edit')}
                        </Button>
                        <Button size="small" onClick={() => setEditing({ mode: 'devices', scene })}>
                          {t('scene.actions.devices')}
                        </Button>
                        <Popconfirm
                          title={t('scene.actions.deleteConfirm', { name: scene.name })}
                          onConfirm={() =>
                            remove.mutate(
                              { sceneId: scene.id },
                              { onSuccess: () => toast.saved(t('scene.messages.deleted')) },
                            )
                          }
                        >
                          <Button size="small" danger>
                            {t('scene.actions.delete')}
                          </Button>
                        </Popconfirm>
                      </>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
        {(editing?.mode === 'create' || editing?.mode === 'edit') && (
          <SceneDialog
            nid={nid}
            scene={editing.mode === 'edit' ? editing.scene : undefined}
            onClose={() => setEditing(null)}
          />
        )}
        {editing?.mode === 'devices' && (
          <SceneDevicesDialog nid={nid} scene={editing.scene} onClose={() => setEditing(null)} />
        )}
      </Card>
      <SchedulePanel nid={nid} canEdit={canEdit} />
    </Flex>
  );
}
