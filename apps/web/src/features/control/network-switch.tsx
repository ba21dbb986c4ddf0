import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NetworkControl } from './use-network-control';

/** Whole-network on and off buttons. */
export function NetworkSwitch({ control, devices }: { control: NetworkControl; devices: number }) {
  const { t } = useTranslation();
  const send = (onOff: 0 | 1) => control.sendLight({ kind: 'network' }, { onOff }, devices);
  return (
    <Space>
      <Button type="primary" aria-label={t('control.network.allOn')} loading={control.pending} onClick={() => send(1)}>
        {t('control.network.allOn')}
      </Button>
      <Button aria-label={t('control.network.allOff')} loading={control.pending} onClick={() => send(0)}>
        {t('control.network.allOff')}
      </Button>
    </Space>
  );
}
