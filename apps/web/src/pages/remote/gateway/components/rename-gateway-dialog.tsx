import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type GatewayRow, useGatewayUpdateMutation } from '../../../../api/gateway';
import { toast } from '../../../../app/feedback';

/** Gives a gateway a new name (owners and installers; the server checks again). */
export function RenameGatewayDialog({ gateway, onClose }: { gateway: GatewayRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const update = useGatewayUpdateMutation();
  const handleFinish = ({ name }: { name: string }) =>
    update.mutate(
      { gatewayId: gateway.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.saved(t('gateway.rename.done'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('gateway.rename.title', { name: gateway.name })}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: gateway.name }} onFinish={handleFinish}>
        <Form.Item
          name="name"
          label={t('gateway.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('gateway.add.nameRequired') }, { max: 32 }]}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
