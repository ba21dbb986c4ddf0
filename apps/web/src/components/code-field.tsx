import { Limits } from '@lightwell/domain';
import { Button, Form, type FormRule, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The 6-digit code field with a resend button that counts down until another code may be sent. */
export function CodeField({
  rules,
  remaining,
  sending,
  onResend,
}: {
  rules: FormRule[];
  remaining: number;
  sending: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('account.fields.code')} required>
      <Space.Compact block>
        <Form.Item name="code" rules={rules} noStyle>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={Limits.codeDigits}
            placeholder={t('account.placeholders.code', { digits: Limits.codeDigits })}
            aria-label={t('account.fields.code')}
          />
        </Form.Item>
        <Button onClick={onResend} loading={sending} disabled={remaining > 0}>
          {remaining > 0 ? t('account.code.resendIn', { seconds: remaining }) : t('account.code.resend')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
