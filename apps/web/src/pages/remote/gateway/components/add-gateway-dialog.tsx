import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGatewayAddMutation } from '../../../../api/gateway';
import type { GatewaySecret } from './secret-dialog';

/** Section 3 gatewayType values. */
const GATEWAY_TYPES = [3, 1, 2, 4, 5] as const;

interface AddValues {
  name: string;
  sn?: string;
  gatewayType: (typeof GATEWAY_TYPES)[number];
}

/** Adds a gateway to network `nid`; on success hands its one-time secret to `onAdded`. */
export function AddGatewayDialog({
  nid,
  onAdded,
  onClose,
}: {
  nid: number;
  onAdded: (secret: GatewaySecret) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const add = useGatewayAddMutation();
  const handleFinish = (values: AddValues) =>
    add.mutate(
      { nid, name: values.name.trim(), sn: values.sn?.trim() || undefined, gatewayType: values.gatewayType },
      { onSuccess: (gateway) => onAdded({ name: gateway.name, sn: gateway.sn, secret: gateway.secret }) },
    );
  return (
    <Modal
      open
      title={t('gateway.add.title')}
      okText={t('gateway.add.submit')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ gatewayType: 3 }} onFinish={handleFinish}>
        <Form.Item
          name="name"
          label={t('gateway.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('gateway.add.nameRequired') }, { max: 32 }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="sn"
          label={t('gateway.fields.sn')}
          extra={t('gateway.add.snHelp')}
          rules={[{ pattern: /^[a-z0-9][a-z0-9-]{2,63}$/, message: t('gateway.add.snPattern') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="gatewayType" label={t('gateway.fields.type')}>
          <Select options={GATEWAY_TYPES.map((type) => ({ value: type, label: t(`gateway.types.${type}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
