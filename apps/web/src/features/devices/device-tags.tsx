import { type DeviceElement, type DeviceSummary, EXTERNAL_POWER_CUT_SECONDS } from '@lightwell/domain';
import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const SYNC_COLORS = ['green', 'orange', 'blue'] as const;

/** Section 4 sync state: fully synchronized, virtual modified, real modified. */
export function SyncTag({ state }: { state: DeviceSummary['syncState'] }) {
  const { t } = useTranslation();
  return <Tag color={SYNC_COLORS[state]}>{t(`device.sync.${state}`)}</Tag>;
}

/** Presence and the section-4 node flag: offline (3), a fault (2), or online. */
export function PresenceTag({
  device,
}: {
  device: Pick<DeviceSummary, 'online' | 'nodeFlag' | 'isVirtual' | 'boundId'>;
}) {
  const { t } = useTranslation();
  if (device.isVirtual && device.boundId === null) return <Tag>{t('device.status.planned')}</Tag>;
  if (device.nodeFlag === 3) return <Tag color="default">{t('device.status.offline')}</Tag>;
  if (device.nodeFlag === 2) return <Tag color="red">{t('device.status.problem')}</Tag>;
  return <Tag color="green">{t('device.status.online')}</Tag>;
}

/** Whether an element's D4i bank is older than 24 h, so its light status does not count (section 4). */
export function isBankStale(element: Pick<DeviceElement, 'isD4i' | 'bankAt' | 'bankFresh'>): boolean {
  return element.isD4i && element.bankAt !== null && !element.bankFresh;
}

/** How old a D4i bank read at `bankAt` is, in whole hours: "31 h". */
export function bankAge(bankAt: number, t: TFunction, nowSeconds = Math.floor(Date.now() / 1000)): string {
  return t('common.units.hours', { value: Math.floor(Math.max(0, nowSeconds - bankAt) / 3600) });
}

const HEALTH_COLORS = { normal: 'green', lampFault: 'red', driverFault: 'red', lampAndDriverFault: 'red' } as const;

/** Decoded status of one element: light status (section 4) and the status flags of section 3. */
export function ElementStatusTags({ element }: { element: DeviceElement }) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 4]} wrap>
      {element.health && (
        <Tag color={HEALTH_COLORS[element.health]} data-testid="element-health">
          {t(`device.health.${element.health}`)}
        </Tag>
      )}
      {isBankStale(element) && (
        <Tag color="default" data-testid="bank-stale">
          {t('device.elements.bankStale', { age: bankAge(element.bankAt!, t) })}
        </Tag>
      )}
      {element.statusFlags.map((flag) => (
        <Tag key={flag} color={flag === 'lampOn' ? 'gold' : flag === 'invalidValue' ? 'default' : 'volcano'}>
          {t(`device.flags.${flag}`, { seconds: EXTERNAL_POWER_CUT_SECONDS })}
        </Tag>
      ))}
    </Space>
  );
}
