import { Steps } from 'antd';
import type { ReactNode } from 'react';
import { useFormRules } from '../hooks/use-form-rules';
import { AuthCard } from './auth-card';
import { EmailStepForm } from './email-step-form';

/** Props of the second step of an e-mailed-code flow (code plus the flow's own fields). */
export interface CodeStepFormProps<V> {
  email: string;
  remaining: number;
  sending: boolean;
  pending: boolean;
  onResend: () => void;
  onBack: () => void;
  onSubmit: (values: V) => void;
}

/**
 * The card of a stepwise e-mailed-code flow (registration, password reset): the two steps, the
 * e-mail step, then `children` as the second step once a code was sent.
 */
export function CodeStepCard({
  title,
  subtitle,
  footer,
  stepTitles,
  step,
  email,
  sending,
  onSendCode,
  children,
}: {
  title: string;
  subtitle: string;
  footer: ReactNode;
  stepTitles: [string, string];
  step: number;
  email: string;
  sending: boolean;
  onSendCode: (email: string) => void;
  children: ReactNode;
}) {
  const rules = useFormRules();
  return (
    <AuthCard title={title} subtitle={subtitle} footer={footer}>
      <Steps className="lw-steps" size="small" current={step} items={stepTitles.map((t) => ({ title: t }))} />
      {step === 0 ? (
        <EmailStepForm rules={rules.email} initialEmail={email} pending={sending} onSubmit={onSendCode} />
      ) : (
        children
      )}
    </AuthCard>
  );
}
