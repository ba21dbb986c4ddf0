import { type DeviceSummary, formatMac } from '@lightwell/domain';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { nameColumn } from '../../components/table-columns';
import { tablePagination } from '../../hooks/use-table-pagination';

/** What a row needs for the shared identity columns: devices and sensors both have these. */
type DeviceIdentity = Pick<DeviceSummary, 'name' | 'kind' | 'model' | 'mac'>;

/**
 * Name, kind, model and MAC columns, in that order, shared by the device and sensor tables. The name stays
 * at the left while the table scrolls, after the row's icon, and opens the row's detail when it has one.
 */
export function deviceIdentityColumns<Row extends DeviceIdentity>(
  t: TFunction,
  name: { onOpen?: (row: Row) => void; icon?: (row: Row) => ReactNode } = {},
): TableColumnsType<Row> {
  return [
    nameColumn<Row>({
      title: t('device.columns.name'),
      text: (row) => row.name,
      onOpen: name.onOpen,
      before: name.icon,
    }),
    { title: t('device.columns.kind'), key: 'kind', render: (_, row) => t(`device.kind.${row.kind}`) },
    { title: t('device.columns.model'), dataIndex: 'model' },
    { title: t('device.columns.mac'), key: 'mac', render: (_, row) => <code>{formatMac(row.mac)}</code> },
  ];
}

/** Server-side paging of a device list by the user's page size; hidden when everything fits one page. */
export function devicePagination(
  page: number,
  pageSize: number,
  total: number,
  onPageChange: (page: number) => void,
): TablePaginationConfig {
  return tablePagination(pageSize, { page, total, onPageChange });
}
