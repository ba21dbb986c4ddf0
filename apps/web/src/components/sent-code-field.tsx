import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../hooks/use-form-rules';
import { CodeField } from './code-field';

/** "We sent a code to <address>" and the code field with its resend countdown. */
export function SentCodeField({
  email,
  remaining,
  sending,
  onResend,
}: {
  email: string;
  remaining: number;
  sending: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <>
      <Typography.Paragraph>
        {t('account.code.sentTo')} <Typography.Text strong>{email}</Typography.Text>
      </Typography.Paragraph>
      <CodeField rules={rules.code} remaining={remaining} sending={sending} onResend={onResend} />
    </>
  );
}
