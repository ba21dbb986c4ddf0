import type { NetworkEnergy } from '@lightwell/domain';
import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Devices out of order and report gaps of the period: gaps the gateways could not fill are listed
 * where the figures are read, never left silent (spec section 1).
 */
export function NetworkHealth({ devices, gaps }: Pick<NetworkEnergy, 'devices' | 'gaps'>) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} data-testid="device-health">
        <Tag>{t('statistics.health.devices', { count: devices.total })}</Tag>
        <Tag color={devices.offline > 0 ? 'orange' : undefined}>
          {t('statistics.health.offline', { count: devices.offline })}
        </Tag>
        <Tag color={devices.faults > 0 ? 'red' : undefined}>
          {t('statistics.health.faults', { count: devices.faults })}
        </Tag>
      </Flex>
      {gaps.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="report-gaps"
          title={t('statistics.health.gaps', { count: gaps.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {gaps.map((gap) => (
                <li key={`${gap.gateway}-${gap.fromSeq}`}>
                  {t('statistics.health.gap', {
                    gateway: gap.gateway,
                    from: gap.fromSeq,
                    to: gap.toSeq,
                    reason: gap.reason,
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
}
