import type { Scene } from '@lightwell/domain';
import { Button, Card, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberOptionsQuery } from '../../../../api/group';
import { useSceneListQuery } from '../../../../api/scene';
import { useNetworkDetailQuery } from '../../../../api/zone';
import { GatewaySelector } from '../../../../features/control/gateway-selector';
import { TaskProgress } from '../../../../features/control/task-progress';
import { useNetworkControl } from '../../../../features/control/use-network-control';
import { SchedulePanel } from '../../../../features/schedules/schedule-panel';
import { SceneDevicesDialog } from './scene-devices-dialog';
import { SceneDialog } from './scene-dialog';
import { SceneTable } from './scene-table';

type Editing = { mode: 'create' } | { mode: 'edit'; scene: Scene } | { mode: 'devices'; scene: Scene } | null;

/** Scenes of network `nid`, built-in first: recall (with the task tally), and for owners and installers the editor. */
export function SceneWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const scenes = useSceneListQuery(nid);
  const options = useMemberOptionsQuery(nid);
  const canEdit = Boolean(useNetworkDetailQuery(nid).data?.abilities.edit);
  const control = useNetworkControl(nid);
  const [editing, setEditing] = useState<Editing>(null);
  // Built-in scenes reach every real luminaire of the network.
  const luminaires = (options.data ?? []).filter((d) => d.kind === 'luminaire' && !d.isVirtual).length;

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
          <SceneTable
            nid={nid}
            scenes={scenes.data ?? []}
            loading={scenes.isLoading}
            luminaires={luminaires}
            canEdit={canEdit}
            control={control}
            onEdit={(scene) => setEditing({ mode: 'edit', scene })}
            onDevices={(scene) => setEditing({ mode: 'devices', scene })}
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
