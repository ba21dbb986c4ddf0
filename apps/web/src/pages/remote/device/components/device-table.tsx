import type { DeviceSummary } from '@lightwell/domain';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, emptyLocale } from '../../../../components/empty-state';
import { actionsColumn, TABLE_SCROLL } from '../../../../components/table-columns';
import { deviceIdentityColumns, devicePagination } from '../../../../features/devices/device-columns';
import { PresenceTag, SyncTag } from '../../../../features/devices/device-tags';
import { ProductIcon } from '../../../../features/devices/product-icon';

/** What a row's buttons do. */
interface DeviceRowActions {
  onDetail: (device: DeviceSummary) => void;
  onBind: (device: DeviceSummary) => void;
  onUnbind: (device: DeviceSummary) => void;
  onDelete: (device: DeviceSummary) => void;
}

/** Props of {@link DeviceTable}. */
export interface DeviceTableProps {
  rows: readonly DeviceSummary[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  /** Owners and installers bind, unbind and delete. */
  canEdit: boolean;
  onPageChange: (page: number) => void;
  actions: DeviceRowActions;
  /** Opens the add dialog: the button of an empty list, for owners and installers. */
  onAdd: () => void;
}

/** Devices of a network, paged by the user's page size: icon, name, kind, model, MAC, type, status, binding, sync. */
export function DeviceTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  canEdit,
  onPageChange,
  actions,
  onAdd,
}: DeviceTableProps) {
  const { t } = useTranslation();
  return (
    <Table<DeviceSummary>
      rowKey="id"
      loading={loading}
      dataSource={[...rows]}
      locale={emptyLocale(
        loading,
        canEdit ? (
          <EmptyState
            description={t('device.empty.devices')}
            action={{ label: t('device.actions.add'), onClick: onAdd }}
            testId="devices-empty"
          />
        ) : (
          <EmptyState description={t('device.empty.devicesReadOnly')} testId="devices-empty" />
        ),
      )}
      pagination={devicePagination(page, pageSize, total, onPageChange)}
      scroll={TABLE_SCROLL}
      columns={[
        ...deviceIdentityColumns<DeviceSummary>(t, {
          onOpen: actions.onDetail,
          icon: (d) => (
            <ProductIcon
              productId={d.productId}
              icon={d.productIcon}
              kind={d.kind}
              label={t(`device.kind.${d.kind}`)}
            />
          ),
        }),
        {
          title: t('device.columns.type'),
          key: 'type',
          render: (_, d) => (
            <Tag color={d.isVirtual ? 'purple' : 'cyan'}>
              {t(d.isVirtual ? 'device.filters.virtual' : 'device.filters.real')}
            </Tag>
          ),
        },
        { title: t('device.columns.status'), key: 'status', render: (_, d) => <PresenceTag device={d} /> },
        {
          title: t('device.columns.binding'),
          key: 'binding',
          render: (_, d) =>
            d.boundId === null ? (
              <span>{t('device.binding.unbound')}</span>
            ) : (
              <span>{t('device.binding.bound', { name: d.boundName ?? '' })}</span>
            ),
        },
        { title: t('device.columns.sync'), key: 'sync', render: (_, d) => <SyncTag state={d.syncState} /> },
        actionsColumn<DeviceSummary>({
          title: t('device.columns.actions'),
          rowName: (d) => d.name,
          actions: (d) => [
            { key: 'detail', label: t('device.actions.detail'), onClick: () => actions.onDetail(d) },
            {
              key: 'bind',
              label: t('device.actions.bind'),
              hidden: !(canEdit && d.isVirtual && d.boundId === null),
              onClick: () => actions.onBind(d),
            },
            {
              key: 'unbind',
              label: t('device.actions.unbind'),
              hidden: !(canEdit && d.isVirtual && d.boundId !== null),
              onClick: () => actions.onUnbind(d),
            },
            {
              key: 'delete',
              label: t('device.actions.delete'),
              hidden: !canEdit,
              danger: true,
              onClick: () => actions.onDelete(d),
            },
          ],
        }),
      ]}
    />
  );
}
