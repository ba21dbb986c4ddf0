import { Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TargetKind } from '../use-node-report-page';

type Option = { value: number; label: string };

/** Which devices a device report covers: the whole network, zones of it, or devices found by name or MAC. */
export function DeviceTargetField({
  kind,
  onKind,
  zones,
  zoneIds,
  onZones,
  devices,
  deviceIds,
  onDevices,
  onSearch,
  searching,
}: {
  kind: TargetKind;
  onKind: (kind: TargetKind) => void;
  zones: Option[];
  zoneIds: number[];
  onZones: (ids: number[]) => void;
  devices: Option[];
  deviceIds: number[];
  onDevices: (ids: number[]) => void;
  onSearch: (text: string) => void;
  searching: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 560 }}>
      <Radio.Group
        value={kind}
        onChange={(event) => onKind(event.target.value as TargetKind)}
        options={(['network', 'zones', 'devices'] as const).map((value) => ({
          value,
          label: t(`project.reports.node.targets.${value}`),
        }))}
        data-testid="report-target"
      />
      {kind === 'zones' && (
        <Select<number[]>
          mode="multiple"
          aria-label={t('project.reports.node.targets.zones')}
          placeholder={t('project.reports.node.chooseZones')}
          value={zoneIds}
          onChange={onZones}
          options={zones}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="report-zones"
        />
      )}
      {kind === 'devices' && (
        <Select<number[]>
          mode="multiple"
          aria-label={t('project.reports.node.targets.devices')}
          placeholder={t('project.reports.node.searchDevices')}
          value={deviceIds}
          onChange={onDevices}
          options={devices}
          showSearch={{ filterOption: false, onSearch }}
          loading={searching}
          data-testid="report-devices"
        />
      )}
    </Space>
  );
}
