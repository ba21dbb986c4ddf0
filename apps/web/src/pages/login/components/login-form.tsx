import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../../../hooks/use-form-rules';
import type { LoginValues } from '../use-login';

/** E-mail and password fields with the sign-in button. */
export function LoginForm({
  form,
  pending,
  onSubmit,
}: {
  form: FormInstance<LoginValues>;
  pending: boolean;
  onSubmit: (values: LoginValues) => void;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onSubmit} name="login">
      <Form.Item name="email" label={t('account.fields.email')} rules={rules.email}>
        <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('account.fields.password')} rules={rules.password}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('account.login.submit')}
      </Button>
    </Form>
  );
}
