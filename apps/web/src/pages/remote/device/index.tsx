import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVICE_KINDS, type DeviceKind, type DeviceSummary } from '@lightwell/domain';
import { Button, Card, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DeviceListQuery,
  useDeviceDeleteMutation,
  useDeviceListQuery,
  useDeviceUnbindMutation,
} from '../../../api/device';
import { useNetworkDetailQuery } from '../../../api/zone';
import { toast } from '../../../app/feedback';
import { NetworkGate } from '../../../features/control/network-gate';
import { useSession } from '../../../stores/session';
import { AddDevicesDialog } from './components/add-devices-dialog';
import { BindDialog } from './components/bind-dialog';
import { CatalogueDrawer } from './components/catalogue-drawer';
import { DeviceDetailDrawer } from './components/device-detail-drawer';
import { DeviceTable } from './components/device-table';

/** Device page (/remote/device, 4-7): the current network's real and virtual devices. */
export function RemoteDevicePage() {
  return <NetworkGate>{(nid) => <DeviceWorkspace nid={nid} />}</NetworkGate>;
}

type Overlay =
  | { kind: 'add' }
  | { kind: 'catalogue' }
  | { kind: 'detail'; deviceId: number }
  | { kind: 'bind'; device: DeviceSummary }
  | null;

function DeviceWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const pageSize = useSession((state) => state.pageNumber);
  const network = useNetworkDetailQuery(nid);
  const [query, setQuery] = useState<DeviceListQuery>({ page: 1, pageSize });
  const list = useDeviceListQuery(nid, { ...query, pageSize });
  const [overlay, setOverlay] = useState<Overlay>(null);
  const remove = useDeviceDeleteMutation();
  const unbind = useDeviceUnbindMutation();
  const canEdit = Boolean(network.data?.abilities.edit);
  const filter = (changes: Partial<DeviceListQuery>) => setQuery((current) => ({ ...current, ...changes, page: 1 }));

  const confirmDelete = (device: DeviceSummary) =>
    modal.confirm({
      title: t('device.delete.title', { name: device.name }),
      content: t('device.delete.content'),
      okText: t('device.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('device.actions.cancel'),
      onOk: () =>
        remove.mutateAsync({ deviceId: device.id }).then(
          () => toast.success(t('device.delete.done')),
          () => undefined,
        ),
    });

  return (
    <Card
      title={t('device.page.title', { network: network.data?.name ?? '' })}
      data-testid="device-page"
      extra={
        <Space wrap>
          <Select<DeviceKind | 'all'>
            aria-label={t('device.filters.kind')}
            data-testid="device-kind-filter"
            style={{ minWidth: 160 }}
            value={query.kind ?? 'all'}
            onChange={(value) => filter({ kind: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: t('device.filters.allKinds') },
              ...DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`device.kind.${kind}`) })),
            ]}
          />
          <Select<'all' | 'virtual' | 'real'>
            aria-label={t('device.filters.type')}
            data-testid="device-type-filter"
            style={{ minWidth: 140 }}
            value={query.isVirtual === undefined ? 'all' : query.isVirtual ? 'virtual' : 'real'}
            onChange={(value) => filter({ isVirtual: value === 'all' ? undefined : value === 'virtual' })}
            options={[
              { value: 'all', label: t('device.filters.all') },
              { value: 'virtual', label: t('device.filters.virtual') },
              { value: 'real', label: t('device.filters.real') },
            ]}
          />
          <Input.Search
            allowClear
            data-testid="device-search"
            placeholder={t('device.filters.search')}
            aria-label={t('device.filters.search')}
            onSearch={(value) => filter({ search: value.trim() || undefined })}
          />
          <Button
            icon={<AppstoreOutlined />}
            data-testid="device-catalogue"
            onClick={() => setOverlay({ kind: 'catalogue' })}
          >
            {t('device.actions.catalogue')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="device-add"
              onClick={() => setOverlay({ kind: 'add' })}
            >
              {t('device.actions.add')}
            </Button>
          )}
        </Space>
      }
    >
      {modalHolder}
      <DeviceTable
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        page={query.page}
        pageSize={pageSize}
        loading={list.isLoading}
        canEdit={canEdit}
        onPageChange={(page) => setQuery((current) => ({ ...current, page }))}
        onAdd={() => setOverlay({ kind: 'add' })}
        actions={{
          onDetail: (device) => setOverlay({ kind: 'detail', deviceId: device.id }),
          onBind: (device) => setOverlay({ kind: 'bind', device }),
          onUnbind: (device) =>
            unbind.mutate({ virtualId: device.id }, { onSuccess: () => toast.success(t('device.unbind.done')) }),
          onDelete: confirmDelete,
        }}
      />
      {overlay?.kind === 'catalogue' && <CatalogueDrawer onClose={() => setOverlay(null)} />}
      {overlay?.kind === 'add' && <AddDevicesDialog nid={nid} onClose={() => setOverlay(null)} />}
      {overlay?.kind === 'detail' && (
        <DeviceDetailDrawer deviceId={overlay.deviceId} canEdit={canEdit} onClose={() => setOverlay(null)} />
      )}
      {overlay?.kind === 'bind' && <BindDialog nid={nid} device={overlay.device} onClose={() => setOverlay(null)} />}
    </Card>
  );
}
