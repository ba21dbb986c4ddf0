import { type DeviceDetail, type DeviceElement, elementTypeName, formatMac } from '@lightwell/domain';
import { Button, Descriptions, Drawer, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceQuery } from '../../../../api/device';
import { TABLE_SCROLL } from '../../../../components/table-columns';
import {
  bankAge,
  ElementStatusTags,
  isBankStale,
  PresenceTag,
  SyncTag,
} from '../../../../features/devices/device-tags';
import { ProductIcon } from '../../../../features/devices/product-icon';
import { useFormatInstant, useFormatUtcDate } from '../../../../hooks/use-format-instant';
import { EditDeviceDialog } from './edit-device-dialog';

/** Units of measured values, each a `common.units.<unit>` text with the value interpolated. */
type Unit = 'volts' | 'celsius' | 'amperes' | 'hours' | 'watts' | 'seconds';

/** Rows of the D4i bank table: field, unit (none for counts and ratios), and decimals (values already scaled, section 9). */
const D4I_ROWS = [
  ['gearPowerFactor', null, 2],
  ['gearExternalVoltage', 'volts', 1],
  ['gearTemperature', 'celsius', 0],
  ['lightSourceVoltage', 'volts', 1],
  ['lightSourceCurrent', 'amperes', 3],
  ['lightSourceTemperature', 'celsius', 0],
  ['ratedLifeOfLuminaire', 'hours', 0],
  ['gearReferenceTemperature', 'celsius', 0],
  ['ratedLightSourceStarts', null, 0],
  ['activePowerValue', 'watts', 1],
  ['gearOperatingTime', 'seconds', 0],
] as const satisfies readonly (readonly [string, Unit | null, number])[];

/** Usage time in seconds as hours and minutes. */
function formatUsage(seconds: number, t: TFunction): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return t('device.units.usage', { hours, minutes });
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;

/** The scaled D4i bank of one element as a two-column table. */
function D4iBankTable({ element }: { element: DeviceElement }) {
  const { t } = useTranslation();
  const bank = element.d4i;
  if (!bank) return null;
  const rows = D4I_ROWS.map(([key, unit, decimals]) => {
    const value = bank[key];
    const shown = value?.toFixed(decimals);
    return {
      key,
      label: t(`device.d4i.${key}`),
      value: shown === undefined ? '—' : unit ? t(`common.units.${unit}`, { value: shown }) : shown,
    };
  });
  return (
    <Table
      scroll={TABLE_SCROLL}
      size="small"
      rowKey="key"
      pagination={false}
      data-testid={`d4i-bank-${element.index}`}
      dataSource={rows}
      columns={[
        { title: t('device.d4i.field'), dataIndex: 'label' },
        { title: t('device.d4i.value'), dataIndex: 'value', align: 'right' },
      ]}
    />
  );
}

/** One element: type, switching and level, colour temperature, decoded status, sensor and emergency data. */
function ElementSection({ element }: { element: DeviceElement }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatInstant();
  const type = t(`device.elementType.${elementTypeName(element.type)}`);
  const stale = isBankStale(element);
  const time = (seconds: number | null) => (seconds === null ? '—' : formatDateTime(seconds, { precision: 'second' }));
  return (
    <div data-testid={`element-${element.index}`} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{t('device.elements.title', { index: element.index, type })}</Typography.Title>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('device.elements.status')} span={2}>
          <ElementStatusTags element={element} />
        </Descriptions.Item>
        {element.health !== null && (
          <>
            <Descriptions.Item label={t('device.elements.onOff')}>
              {t(element.onOff === 1 ? 'device.elements.on' : 'device.elements.off')}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.elements.dimming')}>
              {t(element.isLinear ? 'device.elements.linear' : 'device.elements.nonLinear')}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.elements.level')}>
              {t('common.units.percent', { value: element.lightness })}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.elements.output')}>
              {t('common.units.percent', { value: element.outputLevel })}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.elements.cct')}>
              {element.cct === null ? '—' : t('common.units.kelvin', { value: element.cct })}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.elements.d4i')}>
              {element.isD4i ? t('device.elements.yes') : t('device.elements.no')}
            </Descriptions.Item>
          </>
        )}
        {element.mode !== null && (
          <Descriptions.Item label={t('device.elements.mode')}>{element.mode}</Descriptions.Item>
        )}
        {element.faultBits !== null && (
          <Descriptions.Item label={t('device.elements.faultBits')}>{element.faultBits}</Descriptions.Item>
        )}
        {element.lux !== null && (
          <Descriptions.Item label={t('device.elements.lux')}>
            {t('common.units.lux', { value: element.lux })}
          </Descriptions.Item>
        )}
        {element.triggeredAt !== null && (
          <Descriptions.Item label={t('device.elements.triggeredAt')}>{time(element.triggeredAt)}</Descriptions.Item>
        )}
        {element.isD4i && (
          <Descriptions.Item label={t('device.elements.bankAt')}>{time(element.bankAt)}</Descriptions.Item>
        )}
      </Descriptions>
      {element.d4i && (
        // A bank older than 24 h is greyed: its status no longer counts (section 4).
        <div
          style={{ marginTop: 8, opacity: stale ? 0.55 : 1 }}
          data-testid={`d4i-${element.index}`}
          data-stale={stale}
        >
          <Typography.Text strong>{t('device.d4i.title')}</Typography.Text>
          {stale && (
            <div>
              <Typography.Text type="secondary" data-testid={`d4i-stale-${element.index}`}>
                {t('device.d4i.staleNote', { age: bankAge(element.bankAt!, t) })}
              </Typography.Text>
            </div>
          )}
          <D4iBankTable element={element} />
        </div>
      )}
    </div>
  );
}

/** Every section-3 field of a device, its product, binding and sync, and its decoded elements. */
export function DeviceDetailView({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatInstant();
  const formatDay = useFormatUtcDate();
  const time = (seconds: number | null) => (seconds === null ? '—' : formatDateTime(seconds, { precision: 'second' }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Descriptions title={t('device.detail.device')} size="small" column={1} bordered data-testid="device-fields">
        <Descriptions.Item label={t('device.fields.name')}>{device.name}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.kind')}>
          <Space>
            {t(`device.kind.${device.kind}`)}
            <Tag color={device.isVirtual ? 'purple' : 'cyan'}>
              {t(device.isVirtual ? 'device.filters.virtual' : 'device.filters.real')}
            </Tag>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.model')}>{device.model}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.mac')}>
          <code>{formatMac(device.mac)}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.firmwareVersion')}>{dash(device.firmwareVersion)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.hardwareVersion')}>{dash(device.hardwareVersion)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.serialNumber')}>{dash(device.serialNumber)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.manufacturer')}>{dash(device.manufacturer)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.supplier')}>{dash(device.supplier)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.installedAt')}>
          {device.installedAt === null ? '—' : formatDay(device.installedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.ratedPower')}>
          {device.ratedPower === null ? '—' : t('common.units.watts', { value: device.ratedPower })}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.batteryType')}>{dash(device.batteryType)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.usageTime')}>
          {formatUsage(device.usageSeconds, t)}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.sensorTriggerCount')}>{device.sensorTriggerCount}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.status')}>
          <PresenceTag device={device} />
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.lastSeen')}>{time(device.lastSeen)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.binding')}>
          {device.boundId === null
            ? t('device.binding.unbound')
            : t('device.binding.bound', { name: device.boundName ?? '' })}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.sync')}>
          <SyncTag state={device.syncState} />
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.nodeCount')}>{device.nodeCount}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.createTime')}>{time(device.createTime)}</Descriptions.Item>
      </Descriptions>
      <Descriptions title={t('device.detail.product')} size="small" column={1} bordered data-testid="device-product">
        {device.product ? (
          <>
            <Descriptions.Item label={t('device.fields.icon')}>
              <ProductIcon
                productId={device.product.id}
                icon={device.product.icon}
                kind={device.product.kind}
                label={device.product.name}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('device.fields.productName')}>{device.product.name}</Descriptions.Item>
            <Descriptions.Item label={t('device.fields.subVersion')}>
              {device.subVersion
                ? t('device.detail.subVersion', {
                    version: device.subVersion.hardwareVersion,
                    elements: device.subVersion.config.elements.length,
                  })
                : '—'}
            </Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t('device.fields.productName')}>—</Descriptions.Item>
        )}
      </Descriptions>
      <div>
        <Typography.Title level={5}>{t('device.detail.elements')}</Typography.Title>
        {device.elements.length === 0 ? (
          <Empty description={t('device.empty.elements')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          device.elements.map((element) => <ElementSection key={element.index} element={element} />)
        )}
      </div>
    </Space>
  );
}

/** Drawer with a device's detail, loaded by id; owners and installers may edit its fields. */
export function DeviceDetailDrawer({
  deviceId,
  canEdit,
  onClose,
}: {
  deviceId: number;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useDeviceQuery(deviceId);
  const [editing, setEditing] = useState(false);
  return (
    <Drawer
      open
      size={680}
      title={detail.data?.name ?? t('device.detail.title')}
      onClose={onClose}
      data-testid="device-detail"
      extra={
        canEdit && detail.data ? (
          <Button onClick={() => setEditing(true)} data-testid="device-edit">
            {t('device.edit.open')}
          </Button>
        ) : null
      }
    >
      {detail.data ? <DeviceDetailView device={detail.data} /> : <Skeleton active />}
      {editing && detail.data && <EditDeviceDialog device={detail.data} onClose={() => setEditing(false)} />}
    </Drawer>
  );
}
