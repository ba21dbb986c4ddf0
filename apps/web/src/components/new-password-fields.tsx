import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../hooks/use-form-rules';

/**
 * A new password (section 5 rule, with its hint) and its confirmation, as form fields `password` and
 * `confirm`. `label` names the first field ("Password" when registering, "New password" on reset).
 */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <>
      <Form.Item name="password" label={label} rules={rules.newPassword} extra={t('validation.password.hint')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.fields.confirmPassword')}
        dependencies={['password']}
        rules={rules.confirmPassword('password')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
