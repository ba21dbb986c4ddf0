import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type GatewayRow, useGatewayUpdateMutation } from '../../../../api/gateway';
import { toast } from '../../../../app/feedback';
import { FormDialog } from '../../../../components/form-dialog';

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
    <FormDialog
      form={form}
      title={t('gateway.rename.title', { name: gateway.name })}
      pending={update.isPending}
      onClose={onClose}
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
    </FormDialog>
  );
}
