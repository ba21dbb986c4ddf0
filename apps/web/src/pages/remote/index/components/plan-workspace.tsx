import { DEFAULT_IMAGE_SIZE, type FloorPlanView } from '@lightwell/domain';
import { Card, Empty, Flex, Space, Spin } from 'antd';
import { type Dispatch, type SetStateAction, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileUrlQuery } from '../../../../api/file';
import { useGroupListQuery } from '../../../../api/group';
import { useNetworkDetailQuery, useViewStateQuery } from '../../../../api/zone';
import { LazySelect } from '../../../../components/lazy-select';
import { GatewaySelector } from '../../../../features/control/gateway-selector';
import { LiveStatusTag } from '../../../../features/control/live-status';
import { NetworkSwitch } from '../../../../features/control/network-switch';
import { useNetworkControl } from '../../../../features/control/use-network-control';
import { FloorPlan, useSavedView } from '../../../../features/floor-plan';
import { useLiveNetwork } from '../../../../features/live';
import { useLivePlan } from '../../use-live-plan';
import { type Picked, usePlanSelection } from '../use-plan-selection';
import { SceneRecall } from './scene-recall';
import { TargetPanel } from './target-panel';

const MAP_HEIGHT = 'max(420px, calc(100vh - 320px))';

/**
 * The plan of one network (/remote/index): the floor plan with every device drawn as it is reported,
 * live; click a zone or a device to control it; whole-network on/off through the chosen gateway.
 */
export function PlanWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const network = useNetworkDetailQuery(nid);
  const storedView = useViewStateQuery(nid);
  const image = useFileUrlQuery(network.data?.image);
  const plan = useLivePlan(nid);
  const live = useLiveNetwork(nid);
  const control = useNetworkControl(nid);
  const groups = useGroupListQuery(nid);
  const lightGroups = useMemo(() => (groups.data ?? []).filter((group) => group.type === 1), [groups.data]);
  const { picked, setPicked, selection } = usePlanSelection(plan, lightGroups);

  const detail = network.data;
  return (
    <Card
      title={detail ? t('control.plan.title', { network: detail.name }) : t('menu.remote.plan')}
      extra={
        <Space wrap>
          <LiveStatusTag status={live} />
          <GatewaySelector choice={control.choice} />
          <NetworkSwitch control={control} devices={plan.devices.length} />
        </Space>
      }
      data-testid="plan-page"
    >
      {detail && storedView.isSuccess && !plan.loading ? (
        <div className="lw-side-layout">
          <div className="lw-side-layout__main">
            <PlanMap
              key={nid}
              nid={nid}
              imageUrl={image.data ?? null}
              imageSize={detail.imageSize ?? DEFAULT_IMAGE_SIZE}
              storedView={storedView.data ?? null}
              plan={plan}
              picked={picked}
              onPick={setPicked}
            />
          </div>
          <Flex vertical gap={12} className="lw-side-layout__panel">
            <LazySelect
              aria-label={t('control.groups.label')}
              placeholder={t('control.groups.placeholder')}
              value={picked?.kind === 'group' ? picked.id : null}
              onChange={(id) => setPicked({ kind: 'group', id })}
              options={lightGroups.map((group) => ({ value: group.id, label: group.name }))}
              data-testid="group-choice"
            />
            <TargetPanel selection={selection} control={control} />
            <SceneRecall nid={nid} control={control} deviceCount={plan.devices.length} />
          </Flex>
        </div>
      ) : network.isError || plan.failed ? (
        <Empty description={t('control.page.unavailable')} />
      ) : (
        <Spin aria-label={t('common.loading')} />
      )}
    </Card>
  );
}

interface PlanMapProps {
  nid: number;
  imageUrl: string | null;
  imageSize: { width: number; height: number };
  /** The user's saved view of this network; null when none is saved (the plan opens fitted). */
  storedView: FloorPlanView | null;
  plan: ReturnType<typeof useLivePlan>;
  picked: Picked;
  onPick: Dispatch<SetStateAction<Picked>>;
}

/** The live plan with the user's view of this network, kept on the server (keyed by network). */
function PlanMap({ nid, imageUrl, imageSize, storedView, plan, picked, onPick }: PlanMapProps) {
  const { view, handleViewChange } = useSavedView(nid, storedView);
  return (
    <FloorPlan
      imageUrl={imageUrl}
      imageSize={imageSize}
      zones={plan.zones}
      nodes={plan.nodes}
      view={view}
      mode="view"
      selectedZoneId={picked?.kind === 'zone' ? picked.id : null}
      selectedNodeId={picked?.kind === 'node' ? picked.id : null}
      height={MAP_HEIGHT}
      onViewChange={handleViewChange}
      // A click reports both the node and the zone (one of them null): keep the one that was hit.
      onZoneSelect={(id) =>
        onPick((current) => (id !== null ? { kind: 'zone', id } : current?.kind === 'zone' ? null : current))
      }
      onNodeSelect={(id) =>
        onPick((current) => (id !== null ? { kind: 'node', id } : current?.kind === 'node' ? null : current))
      }
    />
  );
}
