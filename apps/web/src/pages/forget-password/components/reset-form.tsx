import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { useFormRules } from '../../../hooks/use-form-rules';
import type { ResetValues } from '../use-password-reset';

/** Second reset step: the e-mailed code and the new password entered twice. */
export function ResetForm({
  email,
  remaining,
  sending,
  pending,
  onResend,
  onBack,
  onSubmit,
}: {
  email: string;
  remaining: number;
  sending: boolean;
  pending: boolean;
  onResend: () => void;
  onBack: () => void;
  onSubmit: (values: ResetValues) => void;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <Form layout="vertical" requiredMark={false} onFinish={onSubmit} name="reset">
      <Typography.Paragraph>
        {t('account.code.sentTo')} <Typography.Text strong>{email}</Typography.Text>
      </Typography.Paragraph>
      <CodeField rules={rules.code} remaining={remaining} sending={sending} onResend={onResend} />
      <Form.Item
        name="password"
        label={t('account.fields.newPassword')}
        rules={rules.newPassword}
        extra={t('validation.password.hint')}
      >
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
      <Space orientation="vertical" className="lw-full-width">
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('account.reset.submit')}
        </Button>
        <Button type="link" block onClick={onBack}>
          {t('account.register.changeEmail')}
        </Button>
      </Space>
    </Form>
  );
}
