import { Button, Card, Empty, Spin } from 'antd';
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
      {/* Plain list markup in antd's small-list look: antd's List brings its pagination along. */}
      <Spin spinning={scenes.isLoading}>
        {(scenes.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('control.scenes.none')} />
        ) : (
          <ul className="lw-list">
            {(scenes.data ?? []).map((scene) => (
              <li key={scene.id} className="lw-list__item">
                <span>{nameOf(scene)}</span>
                <Button
                  size="small"
                  aria-label={t('control.scenes.recallNamed', { name: nameOf(scene) })}
                  loading={control.pending}
                  // Built-in scenes reach every luminaire; a user's scene reaches its own devices.
                  onClick={() => control.recallScene(scene.id, scene.builtIn ? deviceCount : scene.devices.length)}
                >
                  {t('control.scenes.recall')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Spin>
    </Card>
  );
}
