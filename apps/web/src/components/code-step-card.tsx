import { Button, Form, Space, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useEmailCodeStep } from '../hooks/use-email-code-step';
import { useFormRules } from '../hooks/use-form-rules';
import { AuthCard } from './auth-card';
import { EmailStepForm } from './email-step-form';
import { SentCodeField } from './sent-code-field';

/**
 * The card of a stepwise e-mailed-code flow (registration, password reset): the two steps, the e-mail
 * step, then once a code was sent the form `name` of the code, the flow's own fields (`children`), its
 * submit button and the way back to the e-mail step.
 */
export function CodeStepCard<V>({
  title,
  subtitle,
  footer,
  stepTitles,
  codeStep,
  name,
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  title: string;
  subtitle: string;
  footer: ReactNode;
  stepTitles: [string, string];
  codeStep: ReturnType<typeof useEmailCodeStep>;
  name: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: V) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { step, email, sending } = codeStep;
  return (
    <AuthCard title={title} subtitle={subtitle} footer={footer}>
      <Steps className="lw-steps" size="small" current={step} items={stepTitles.map((t) => ({ title: t }))} />
      {step === 0 ? (
        <EmailStepForm rules={rules.email} initialEmail={email} pending={sending} onSubmit={codeStep.handleSendCode} />
      ) : (
        <Form<V> layout="vertical" requiredMark={false} onFinish={onSubmit} name={name}>
          <SentCodeField
            email={email}
            remaining={codeStep.remaining}
            sending={sending}
            onResend={codeStep.handleResend}
          />
          {children}
          <Space orientation="vertical" className="lw-full-width">
            <Button type="primary" htmlType="submit" block loading={pending}>
              {submitLabel}
            </Button>
            <Button type="link" block onClick={codeStep.handleBack}>
              {t('account.register.changeEmail')}
            </Button>
          </Space>
        </Form>
      )}
    </AuthCard>
  );
}
