import { Card, Empty } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { summariseDevices } from '../../../../features/control/light-look';
import type { LightTarget, NetworkControl } from '../../../../features/control/use-network-control';
import type { DeviceStateRow } from '../../../../features/live/merge';

// The controls (sliders) show once something is picked and the progress once a command is sent: their
// code loads then, not with the plan.
const ControlPanel = lazy(async () => ({
  default: (await import('../../../../features/control/control-panel')).ControlPanel,
}));
const TaskProgress = lazy(async () => ({
  default: (await import('../../../../features/control/task-progress')).TaskProgress,
}));

/** What is selected on the plan: a zone, a device (through its node) or a group, with its name and devices. */
export interface PlanSelection {
  target: LightTarget;
  name: string;
  devices: readonly DeviceStateRow[];
}

/** Control of the selected zone, device or group, and the progress of the last command. */
export function TargetPanel({ selection, control }: { selection: PlanSelection | null; control: NetworkControl }) {
  const { t } = useTranslation();
  const summary = selection ? summariseDevices(selection.devices) : null;
  return (
    <Card
      size="small"
      title={
        selection ? t(`control.target.${selection.target.kind}`, { name: selection.name }) : t('control.target.none')
      }
      data-testid="control-panel"
    >
      {selection && summary ? (
        <Suspense fallback={null}>
          <ControlPanel
            devices={summary.count}
            level={summary.level}
            linear={summary.linear}
            tunable={summary.tunable}
            cct={summary.cct}
            busy={control.pending}
            onLight={(settings) => control.sendLight(selection.target, settings, summary.count)}
          />
        </Suspense>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('control.target.hint')} />
      )}
      <div style={{ marginTop: 12 }}>
        {control.taskId !== null && (
          <Suspense fallback={null}>
            <TaskProgress taskId={control.taskId} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
