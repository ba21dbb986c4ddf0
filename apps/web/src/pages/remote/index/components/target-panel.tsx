import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { ControlPanel } from '../../../../features/control/control-panel';
import { summariseDevices } from '../../../../features/control/light-look';
import { TaskProgress } from '../../../../features/control/task-progress';
import type { LightTarget, NetworkControl } from '../../../../features/control/use-network-control';
import type { DeviceStateRow } from '../../../../features/live/merge';

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
        <ControlPanel
          devices={summary.count}
          level={summary.level}
          linear={summary.linear}
          tunable={summary.tunable}
          cct={summary.cct}
          busy={control.pending}
          onLight={(settings) => control.sendLight(selection.target, settings, summary.count)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('control.target.hint')} />
      )}
      <div style={{ marginTop: 12 }}>
        <TaskProgress taskId={control.taskId} />
      </div>
    </Card>
  );
}
