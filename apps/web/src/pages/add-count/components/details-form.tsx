import { UserOutlined } from '@ant-design/icons';
import { Limits } from '@lightwell/domain';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CodeStepFormProps } from '../../../components/code-step-card';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SentCodeField } from '../../../components/sent-code-field';
import { useFormRules } from '../../../hooks/use-form-rules';
import type { RegisterDetails } from '../use-register';

/** Second registration step: code, user name, password and its confirmation. */
export function DetailsForm({
  email,
  remaining,
  sending,
  pending,
  onResend,
  onBack,
  onSubmit,
}: CodeStepFormProps<RegisterDetails>) {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <Form layout="vertical" requiredMark={false} onFinish={onSubmit} name="register">
      <SentCodeField email={email} remaining={remaining} sending={sending} onResend={onResend} />
      <Form.Item name="name" label={t('account.fields.name')} rules={rules.name}>
        <Input prefix={<UserOutlined />} maxLength={Limits.nameMax} autoComplete="nickname" />
      </Form.Item>
      <NewPasswordFields label={t('account.fields.password')} />
      <Typography.Paragraph type="secondary" className="lw-agreement">
        {t('account.register.agree')} <Link to="/userAgreement">{t('pages.userAgreement')}</Link>
      </Typography.Paragraph>
      <Space orientation="vertical" className="lw-full-width">
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('account.register.submit')}
        </Button>
        <Button type="link" block onClick={onBack}>
          {t('account.register.changeEmail')}
        </Button>
      </Space>
    </Form>
  );
}
