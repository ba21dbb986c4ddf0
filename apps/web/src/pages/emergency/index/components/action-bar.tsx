import {
  EMERGENCY_ACTIONS,
  type EmergencyAction,
  type EmergencyElement,
  type EmergencyTarget,
  GroupType,
} from '@lightwell/domain';
import { Button, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupListQuery } from '../../../../api/group';
import { ActionDialog } from './action-dialog';

type TargetKind = EmergencyTarget['kind'];

/**
 * What to act on (the selected fittings, a zone, an emergency group or the whole network) and the five
 * actions; each opens a confirmation that says how many fittings go on battery and for how long.
 */
export function ActionBar({
  nid,
  selected,
  zones,
  timeZone,
  onTask,
}: {
  nid: number;
  selected: EmergencyElement[];
  zones: readonly { id: number; name: string }[];
  timeZone: string;
  onTask: (taskId: number) => void;
}) {
  const { t } = useTranslation();
  const groups = (useGroupListQuery(nid).data ?? []).filter((group) => group.type === GroupType.emergency);
  const [kind, setKind] = useState<TargetKind>('fittings');
  const [ids, setIds] = useState<number[]>([]);
  const [action, setAction] = useState<EmergencyAction | null>(null);

  const target: EmergencyTarget | null =
    kind === 'network'
      ? { kind }
      : kind === 'fittings'
        ? selected.length > 0
          ? { kind, ids: selected.map((row) => row.deviceId) }
          : null
        : ids.length > 0
          ? { kind, ids }
          : null;
  const choices = kind === 'zone' ? zones : kind === 'group' ? groups : [];

  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="emergency-actions">
      <Select<TargetKind>
        aria-label={t('emergencyPages.actions.target')}
        data-testid="action-target"
        style={{ minWidth: 170 }}
        value={kind}
        onChange={(value) => {
          setKind(value);
          setIds([]);
        }}
        options={(['fittings', 'zone', 'group', 'network'] as const).map((value) => ({
          value,
          label:
            value === 'fittings'
              ? t('emergencyPages.actions.targets.fittings', { count: selected.length })
              : t(`emergencyPages.actions.targets.${value}`),
        }))}
      />
      {(kind === 'zone' || kind === 'group') && (
        <Select<number[]>
          mode="multiple"
          aria-label={t(`emergencyPages.actions.targets.${kind}`)}
          data-testid="action-target-ids"
          style={{ minWidth: 220 }}
          placeholder={t(`emergencyPages.actions.choose.${kind}`)}
          value={ids}
          onChange={setIds}
          options={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
        />
      )}
      {EMERGENCY_ACTIONS.map((value) => (
        <Button
          key={value}
          disabled={!target}
          danger={value === 'durationTest'}
          data-testid={`action-${value}`}
          onClick={() => setAction(value)}
        >
          {t(`emergencyPages.actions.names.${value}`)}
        </Button>
      ))}
      {action && target && (
        <ActionDialog
          nid={nid}
          action={action}
          target={target}
          timeZone={timeZone}
          onClose={() => setAction(null)}
          onTask={onTask}
        />
      )}
    </Space>
  );
}
