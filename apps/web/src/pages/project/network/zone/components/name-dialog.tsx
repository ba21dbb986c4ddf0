import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTITY_NAME_MAX } from '../../../name-rules';

/** Props of {@link NameDialog}. */
export interface NameDialogProps {
  title: string;
  initialName: string;
  loading: boolean;
  /** Saves the name; the dialog stays open when it rejects (the error was already shown). */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** Asks for the name of a new zone or node (required, up to 64 characters). */
export function NameDialog({ title, initialName, loading, onSubmit, onCancel }: NameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const handleFinish = ({ name }: { name: string }) => onSubmit(name.trim()).catch(() => undefined);
  return (
    <Modal
      open
      title={title}
      okText={t('zone.actions.save')}
      cancelText={t('zone.actions.cancel')}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: initialName }} onFinish={handleFinish}>
        <Form.Item
          name="name"
          label={t('zone.fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('zone.form.nameRequired') },
            { max: ENTITY_NAME_MAX, message: t('zone.form.nameLength', { max: ENTITY_NAME_MAX }) },
          ]}
        >
          <Input autoFocus data-testid="name-dialog-input" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
