import { Code } from '@lightwell/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../api/errors';
import { useUpdatePasswordMutation } from '../../../../api/user';
import { endSession } from '../../../../app/end-session';
import { toast } from '../../../../app/feedback';
import { FormDialog } from '../../../../components/form-dialog';
import { useFormRules } from '../../../../hooks/use-form-rules';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Dialog to change the password (section 4): success closes the dialog, ends the session (the server
 * revokes every token) and goes to /login; a wrong old password (1018) clears that field.
 */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdatePasswordMutation();

  const handleSubmit = ({ oldPassword, newPassword }: PasswordValues) => {
    update.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          onClose();
          endSession(queryClient);
          toast.saved(t('settings.account.passwordChanged'));
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          if (isApiError(error, Code.wrongPassword)) form.setFieldValue('oldPassword', '');
        },
      },
    );
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t('settings.account.changePassword')}
      pending={update.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" onFinish={handleSubmit} name="password-change">
        <Form.Item name="oldPassword" label={t('account.fields.oldPassword')} rules={rules.password}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.fields.newPassword')}
          rules={rules.newPassword}
          extra={t('validation.password.hint')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('account.fields.confirmPassword')}
          dependencies={['newPassword']}
          rules={rules.confirmPassword('newPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
