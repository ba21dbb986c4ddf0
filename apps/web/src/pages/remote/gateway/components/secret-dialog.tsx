import { TOPIC_ROOT } from '@lightwell/domain';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A gateway's MQTT credentials right after they were made: the secret is shown this once. */
export interface GatewaySecret {
  name: string;
  sn: string;
  secret: string;
}

/** Shows a new gateway secret once, with a copy button, and how the gateway connects with it. */
export function SecretDialog({ value, onClose }: { value: GatewaySecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('gateway.secret.title', { name: value.name })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('gateway.secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon title={t('gateway.secret.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('gateway.secret.user')}>
          <Typography.Text copyable code>
            {value.sn}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('gateway.secret.secret')}>
          <Typography.Text copyable code data-testid="gateway-secret">
            {value.secret}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('gateway.secret.topics')}>
          <Typography.Text copyable code>
            {`${TOPIC_ROOT}/gw/${value.sn}/#`}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('gateway.secret.help')}
      </Typography.Paragraph>
    </Modal>
  );
}
