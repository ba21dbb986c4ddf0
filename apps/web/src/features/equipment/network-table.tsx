import type { EquipmentFigures, EquipmentStatistics, OldestDevice } from '@lightwell/domain';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatUtcDate } from '../../hooks/use-format-instant';

type NetworkRow = { key: string; name: string; figures: EquipmentFigures; total: boolean };

/** "Name (model), installed 06/15/2020: 6 years": the device installed earliest, or nothing. */
export function useOldestText(): (oldest: OldestDevice | null, withNetwork?: boolean) => string {
  const { t } = useTranslation();
  const formatDay = useFormatUtcDate();
  return (oldest, withNetwork = true) =>
    oldest === null
      ? t('equipment.noOldest')
      : withNetwork
        ? t('equipment.oldest', {
            name: oldest.name,
            model: oldest.model,
            network: oldest.networkName,
            day: formatDay(oldest.installedAt),
            age: t('equipment.units.years', { count: oldest.years }),
          })
        : t('equipment.oldestShort', {
            name: oldest.name,
            model: oldest.model,
            day: formatDay(oldest.installedAt),
            age: t('equipment.units.years', { count: oldest.years }),
          });
}

/**
 * One row per network with its installed devices, online, offline, faulty, planned, emergency fittings
 * and the device installed earliest; all networks together in the last row when there are several.
 */
export function NetworkTable({
  statistics,
  scroll,
}: {
  statistics: EquipmentStatistics;
  /** Sideways scrolling: inside its card on screen, none on paper. */
  scroll?: TableProps<NetworkRow>['scroll'];
}) {
  const { t } = useTranslation();
  const oldestText = useOldestText();
  const rows: NetworkRow[] = statistics.networks.map((network) => ({
    key: String(network.nid),
    name: network.name,
    figures: network.figures,
    total: false,
  }));
  if (rows.length > 1)
    rows.push({ key: 'total', name: t('equipment.allSelected'), figures: statistics.total, total: true });
  const count = (key: string, title: string, pick: (figures: EquipmentFigures) => number) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: NetworkRow) => pick(row.figures),
  });
  return (
    <Table<NetworkRow>
      size="small"
      bordered
      pagination={false}
      rowKey="key"
      scroll={scroll}
      dataSource={rows}
      data-testid="equipment-networks"
      columns={[
        {
          key: 'name',
          title: t('equipment.columns.network'),
          render: (_, row) => (row.total ? <strong>{row.name}</strong> : row.name),
        },
        count('devices', t('equipment.columns.devices'), (f) => f.devices),
        count('online', t('equipment.columns.online'), (f) => f.online),
        count('offline', t('equipment.columns.offline'), (f) => f.offline),
        count('faulty', t('equipment.columns.faulty'), (f) => f.faulty),
        count('planned', t('equipment.columns.planned'), (f) => f.planned),
        count('fittings', t('equipment.columns.fittings'), (f) => f.emergency.fittings),
        {
          key: 'oldest',
          title: t('equipment.columns.oldest'),
          render: (_, row) => (row.figures.age.oldest ? oldestText(row.figures.age.oldest, false) : '—'),
        },
      ]}
    />
  );
}
