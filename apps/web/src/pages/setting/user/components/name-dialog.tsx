import { Limits } from '@lightwell/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNameUpdateMutation } from '../../../../api/user';
import { toast } from '../../../../app/feedback';
import { FormDialog } from '../../../../components/form-dialog';
import { useFormRules } from '../../../../hooks/use-form-rules';
import { useSession } from '../../../../stores/session';

/** Dialog to change the user name (1016 when taken). */
export function NameDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<{ name: string }>();
  const name = useSession((state) => state.name);
  const update = useNameUpdateMutation();

  const handleSubmit = ({ name: next }: { name: string }) => {
    update.mutate(
      { name: next.trim() },
      {
        onSuccess: (user) => {
          useSession.getState().updateUser(user);
          toast.saved(t('settings.account.nameChanged'));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t('settings.account.changeName')}
      pending={update.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ name }} onFinish={handleSubmit} name="name-change">
        <Form.Item name="name" label={t('account.fields.name')} rules={rules.name}>
          <Input maxLength={Limits.nameMax} autoFocus />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
