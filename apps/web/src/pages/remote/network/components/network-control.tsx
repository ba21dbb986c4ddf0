import { Button, Card, Flex, Slider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceStateQuery } from '../../../../api/control';
import { GatewaySelector } from '../../../../features/control/gateway-selector';
import { summariseDevices } from '../../../../features/control/light-look';
import { LiveStatusTag } from '../../../../features/control/live-status';
import { TaskProgress } from '../../../../features/control/task-progress';
import { useLevelSlider } from '../../../../features/control/use-level-slider';
import { useNetworkControl } from '../../../../features/control/use-network-control';
import { useLiveNetwork } from '../../../../features/live';
import type { DeviceStateRow } from '../../../../features/live/merge';

/** Whole-network on, off and dimming through the chosen gateway, with the reported counts. */
export function NetworkControlCard({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const live = useLiveNetwork(nid);
  const control = useNetworkControl(nid);
  const states = useDeviceStateQuery(nid);
  const summary = summariseDevices((states.data?.devices ?? []) as readonly DeviceStateRow[]);
  const send = (settings: { onOff?: 0 | 1; lightness?: number }) =>
    control.sendLight({ kind: 'network' }, settings, summary.count);
  const slider = useLevelSlider(summary.level, (value) => send({ lightness: value }));
  return (
    <Card title={t('control.network.title')} extra={<LiveStatusTag status={live} />} data-testid="network-control">
      <Flex vertical gap={12}>
        <GatewaySelector choice={control.choice} />
        <Typography.Text>
          {t('control.network.summary', { count: summary.count, on: summary.on, offline: summary.offline })}
        </Typography.Text>
        <Space wrap>
          <Button
            type="primary"
            aria-label={t('control.network.allOn')}
            loading={control.pending}
            onClick={() => send({ onOff: 1 })}
          >
            {t('control.network.allOn')}
          </Button>
          <Button aria-label={t('control.network.allOff')} loading={control.pending} onClick={() => send({ onOff: 0 })}>
            {t('control.network.allOff')}
          </Button>
          <Slider ariaLabelForHandle={t('control.network.dim')} style={{ width: 200 }} min={0} max={100} {...slider} />
        </Space>
        <TaskProgress taskId={control.taskId} />
      </Flex>
    </Card>
  );
}
