import type { DeviceReportTarget, ReportFormat } from '@lightwell/domain';
import { useState } from 'react';
import { useDeviceListQuery } from '../../../../../api/device';
import { useProjectInfoQuery } from '../../../../../api/project';
import { useDeviceReportMutation, useReportListQuery } from '../../../../../api/report';
import { useZoneMapQuery } from '../../../../../api/zone';
import { localDateText, type ReportPeriodChoice } from '../../../../../features/reports/report-period';
import { useSession } from '../../../../../stores/session';

/** Which devices the form covers: the whole network, some zones or some devices. */
export type TargetKind = DeviceReportTarget['kind'];

/** Devices offered at once in the device picker (the first matches of the search). */
const DEVICE_OPTIONS = 100;

/**
 * State of the node report download page (2-4): the network (the breadcrumb's by default), which of its
 * devices, the period and format, the zones and devices to choose from, and the project's device reports.
 */
export function useNodeReportPage() {
  const current = useSession((state) => state.nid);
  const info = useProjectInfoQuery();
  const networks = (info.data ?? []).flatMap((project) =>
    project.networks.map((network) => ({ ...network, pid: project.id, projectName: project.name })),
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const known = (nid: number | null) => (nid !== null && networks.some((n) => n.id === nid) ? nid : null);
  const nid = known(chosen) ?? known(current) ?? networks[0]?.id ?? null;
  const network = networks.find((n) => n.id === nid);
  const [targetKind, setTargetKind] = useState<TargetKind>('network');
  const [zoneIds, setZoneIds] = useState<number[]>([]);
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<ReportPeriodChoice>({ kind: 'span', span: '7d' });
  const [format, setFormat] = useState<ReportFormat>('xlsx');
  const zones = useZoneMapQuery(nid).data?.zones ?? [];
  const devices = useDeviceListQuery(targetKind === 'devices' ? nid : null, {
    isVirtual: false,
    search,
    page: 1,
    pageSize: DEVICE_OPTIONS,
  });
  const target: DeviceReportTarget | null =
    targetKind === 'network'
      ? { kind: 'network' }
      : targetKind === 'zones'
        ? zoneIds.length > 0
          ? { kind: 'zones', ids: zoneIds }
          : null
        : deviceIds.length > 0
          ? { kind: 'devices', ids: deviceIds }
          : null;
  const list = useReportListQuery(network?.pid ?? null, 'device');
  const create = useDeviceReportMutation();
  return {
    nid,
    network,
    /** The network picker: a new network clears the chosen zones and devices. */
    picker: {
      value: nid,
      options: networks.map((n) => ({ value: n.id, label: `${n.projectName} · ${n.name}` })),
      loading: info.isLoading,
      onChange: (next: number) => {
        setChosen(next);
        setZoneIds([]);
        setDeviceIds([]);
      },
    },
    targetKind,
    setTargetKind,
    zones: zones.map((zone) => ({ value: zone.id, label: zone.name })),
    zoneIds,
    setZoneIds,
    devices: (devices.data?.list ?? []).map((device) => ({
      value: device.id,
      label: `${device.name} (${device.mac})`,
    })),
    devicesLoading: devices.isFetching,
    deviceIds,
    setDeviceIds,
    setSearch,
    period,
    setPeriod,
    format,
    setFormat,
    target,
    today: localDateText(Math.floor(Date.now() / 1000), network?.timeZone ?? 'UTC'),
    list,
    submit: () => create.mutateAsync({ nid: nid ?? 0, target: target ?? { kind: 'network' }, period, format }),
    submitting: create.isPending,
  };
}
