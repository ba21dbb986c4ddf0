import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeStepFormProps } from '../../../components/code-step-card';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SentCodeField } from '../../../components/sent-code-field';
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
}: CodeStepFormProps<ResetValues>) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" requiredMark={false} onFinish={onSubmit} name="reset">
      <SentCodeField email={email} remaining={remaining} sending={sending} onResend={onResend} />
      <NewPasswordFields label={t('account.fields.newPassword')} />
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
