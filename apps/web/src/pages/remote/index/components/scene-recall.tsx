import { Button, Card, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSceneListQuery } from '../../../../api/scene';
import type { NetworkControl } from '../../../../features/control/use-network-control';
import { useSceneName } from '../../../../features/scenes/scene-name';

/** The network's scenes, each recalled with one click through the chosen gateway. */
export function SceneRecall({
  nid,
  control,
  deviceCount,
}: {
  nid: number;
  control: NetworkControl;
  deviceCount: number;
}) {
  const { t } = useTranslation();
  const scenes = useSceneListQuery(nid);
  const nameOf = useSceneName();
  return (
    <Card size="small" title={t('control.scenes.title')} data-testid="scene-recall">
      <List
        size="small"
        loading={scenes.isLoading}
        dataSource={scenes.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('control.scenes.none')} /> }}
        renderItem={(scene) => (
          <List.Item
            actions={[
              <Button
                key="recall"
                size="small"
                aria-label={t('control.scenes.recallNamed', { name: nameOf(scene) })}
                loading={control.pending}
                // Built-in scenes reach every luminaire; a user's scene reaches its own devices.
                onClick={() => control.recallScene(scene.id, scene.builtIn ? deviceCount : scene.devices.length)}
              >
                {t('control.scenes.recall')}
              </Button>,
            ]}
          >
            {nameOf(scene)}
          </List.Item>
        )}
      />
    </Card>
  );
}
