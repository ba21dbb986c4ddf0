import { type EmergencyElement, isBatteryCharging } from '@lightwell/domain';
import { Progress, Space, Table, type TableColumnType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { nameColumn, TABLE_SCROLL } from '../../../../components/table-columns';
import { LastResultCell, modeName } from '../../../../features/emergency/grade-tag';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { useTablePagination } from '../../../../hooks/use-table-pagination';

/**
 * The battery cell: its charge as a bar; "Charging" until the fitting says it is full (the charge byte may
 * round to 100 % before), a tick only once it does.
 */
function BatteryCell({ row, t }: { row: EmergencyElement; t: TFunction }) {
  if (row.batteryPercent === null) return t('emergencyPages.batteryUnknown');
  const charging = isBatteryCharging(row);
  const full = row.status.includes('batteryFull');
  return (
    <Progress
      percent={row.batteryPercent}
      size="small"
      style={{ minWidth: 90 }}
      data-testid="battery-cell"
      status={charging ? 'active' : full ? 'success' : 'normal'}
      format={charging ? () => t('emergencyPages.batteryCharging') : undefined}
    />
  );
}

/** The inhibit cell: until when, and whether the fitting's 15-minute timer is being renewed or lapsed. */
function InhibitCell({ row, format, t }: { row: EmergencyElement; format: (at: number) => string; t: TFunction }) {
  if (row.inhibitUntil === null) return <Typography.Text type="secondary">{t('emergencyPages.none')}</Typography.Text>;
  return (
    <Space size={4} data-testid="inhibit-cell">
      <Tag color={row.inhibitLapsed ? 'warning' : 'processing'}>
        {t(row.inhibitLapsed ? 'emergencyPages.inhibit.lapsed' : 'emergencyPages.inhibit.renewing')}
      </Tag>
      <span>{t('emergencyPages.inhibit.until', { at: format(row.inhibitUntil) })}</span>
    </Space>
  );
}

/** Width of a last-result column: its grade tag and date on one line, the minutes below. */
const RESULT_WIDTH = 200;
/** Width of the zone column: a zone name of up to about 20 characters, longer ones cut. */
const ZONE_WIDTH = 160;

function columns(
  t: TFunction,
  format: (at: number) => string,
  onOpen: ((row: EmergencyElement) => void) | undefined,
): TableColumnType<EmergencyElement>[] {
  const none = <Typography.Text type="secondary">{t('emergencyPages.none')}</Typography.Text>;
  return [
    nameColumn<EmergencyElement>({
      title: t('emergencyPages.fields.fitting'),
      text: (row) => row.name,
      onOpen,
      openLabel: (row) => t('emergencyPages.latest.title', { name: row.name }),
      after: (row) => !row.online && <Tag>{t('emergencyPages.elements.offline')}</Tag>,
    }),
    // A long zone name is cut with an ellipsis (the whole name on hover), so it never pushes Next check out.
    {
      key: 'zone',
      title: t('emergencyPages.fields.zone'),
      width: ZONE_WIDTH,
      ellipsis: { showTitle: true },
      render: (_, row) => row.zoneName ?? '',
    },
    {
      key: 'mode',
      title: t('emergencyPages.fields.mode'),
      render: (_, row) => (
        <span data-testid="element-mode">
          {modeName(t, row.mode)}
          {row.testPending && <Tag color="processing">{t(`emergencyPages.elements.pending.${row.testPending}`)}</Tag>}
        </span>
      ),
    },
    {
      key: 'battery',
      title: t('emergencyPages.fields.battery'),
      render: (_, row) => <BatteryCell row={row} t={t} />,
    },
    // The last results wrap inside a set width, so that Next check stays in view at 1600 px without
    // scrolling the table sideways (a duration result with its minutes is otherwise 320 px wide).
    {
      key: 'function',
      title: t('emergencyPages.fields.lastFunction'),
      width: RESULT_WIDTH,
      render: (_, row) => <LastResultCell result={row.lastFunction} format={format} />,
    },
    {
      key: 'duration',
      title: t('emergencyPages.fields.lastDuration'),
      width: RESULT_WIDTH,
      render: (_, row) => <LastResultCell result={row.lastDuration} format={format} />,
    },
    {
      key: 'next',
      title: t('emergencyPages.fields.nextCheck'),
      render: (_, row) => (
        <span data-testid="next-check" style={{ whiteSpace: 'nowrap' }}>
          {row.nextCheck === null ? t('emergencyPages.na') : format(row.nextCheck)}
        </span>
      ),
    },
    {
      key: 'cover',
      title: t('emergencyPages.fields.reducedCover'),
      render: (_, row) =>
        row.reducedCoverUntil === null ? (
          none
        ) : (
          <Tag color="warning">{t('emergencyPages.elements.reducedUntil', { at: format(row.reducedCoverUntil) })}</Tag>
        ),
    },
    {
      key: 'inhibit',
      title: t('emergencyPages.fields.inhibit'),
      render: (_, row) => <InhibitCell row={row} format={format} t={t} />,
    },
    {
      key: 'faults',
      title: t('emergencyPages.fields.openFaults'),
      render: (_, row) =>
        row.openFaults > 0 ? <Tag color="error">{row.openFaults}</Tag> : <span>{row.openFaults}</span>,
    },
    {
      key: 'overdue',
      title: t('emergencyPages.fields.overdue'),
      render: (_, row) =>
        row.overdue ? (
          <Tag color="error" data-testid="overdue-tag">
            {row.overdueKinds.map((kind) => t(`emergencyPages.kinds.${kind}`)).join(', ') ||
              t('emergencyPages.elements.overdue')}
          </Tag>
        ) : (
          none
        ),
    },
  ];
}

/**
 * Fittings of the network, paged by the user's page size: mode, battery, the last function and duration
 * results with grade tags, next check (N/A when none), reduced cover, inhibit, open faults, overdue.
 * Times in the site's zone. Owners and installers select rows to act on; a fitting's name opens its latest
 * results (`onOpen`).
 */
export function ElementTable({
  rows,
  total,
  page,
  loading,
  timeZone,
  selectable,
  selected,
  onSelect,
  onPageChange,
  onOpen,
}: {
  rows: EmergencyElement[];
  total: number;
  page: number;
  loading: boolean;
  timeZone: string;
  selectable: boolean;
  selected: EmergencyElement[];
  onSelect: (rows: EmergencyElement[]) => void;
  onPageChange: (page: number) => void;
  onOpen?: (row: EmergencyElement) => void;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const format = (at: number) => formatInstant(at, { timeZone });
  const pagination = useTablePagination({ page, total, onPageChange });
  return (
    <Table<EmergencyElement>
      rowKey="deviceId"
      size="small"
      data-testid="element-table"
      loading={loading}
      dataSource={rows}
      columns={columns(t, format, onOpen)}
      scroll={TABLE_SCROLL}
      pagination={pagination}
      locale={{ emptyText: t('emergencyPages.elements.empty') }}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected.map((row) => row.deviceId),
              preserveSelectedRowKeys: true,
              onChange: (_keys, chosen) => onSelect(chosen.filter(Boolean)),
            }
          : undefined
      }
    />
  );
}
