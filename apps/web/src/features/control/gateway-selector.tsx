import { isGatewayOnline } from '@lightwell/domain';
import { Alert, Badge, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../components/lazy-select';
import type { GatewayChoice } from './use-gateway-choice';

/** Online/offline badge of a gateway (section 4 online rule). */
export function GatewayStatusBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={online ? 'success' : 'error'}
      text={t(online ? 'gateway.status.online' : 'gateway.status.offline')}
      data-testid="gateway-status"
    />
  );
}

/**
 * The gateway commands go through: a select of the network's gateways with their status, remembered
 * per project and network; with no gateway it shows the "no gateway" error instead. antd's Select loads
 * when the select is first focused or opened (`LazySelect`).
 */
export function GatewaySelector({ choice }: { choice: GatewayChoice }) {
  const { t } = useTranslation();
  if (choice.none) {
    return <Alert type="error" showIcon title={t('errors.1070')} data-testid="no-gateway" />;
  }
  return (
    <Space wrap>
      <span>{t('control.gateway.label')}</span>
      <LazySelect
        aria-label={t('control.gateway.label')}
        style={{ minWidth: 220 }}
        loading={choice.loading}
        value={choice.gateway?.id}
        onChange={choice.select}
        options={choice.gateways.map((gateway) => ({
          value: gateway.id,
          label: t('common.format.nameWithDetail', {
            name: gateway.name,
            detail: t(isGatewayOnline(gateway) ? 'gateway.status.online' : 'gateway.status.offline'),
          }),
        }))}
      />
      {choice.gateway && <GatewayStatusBadge online={choice.online} />}
    </Space>
  );
}
