import { MailOutlined } from '@ant-design/icons';
import { Button, Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** First step of registration and password reset: the e-mail address and a button to send the code. */
export function EmailStepForm({
  rules,
  initialEmail,
  pending,
  onSubmit,
}: {
  rules: FormRule[];
  initialEmail: string;
  pending: boolean;
  onSubmit: (email: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={(values: { email: string }) => onSubmit(values.email.trim())}
    >
      <Form.Item name="email" label={t('account.fields.email')} rules={rules}>
        <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('account.code.send')}
      </Button>
    </Form>
  );
}
