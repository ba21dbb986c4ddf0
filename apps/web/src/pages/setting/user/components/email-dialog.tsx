import { Form, Input, Modal, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../../components/code-field';
import { useFormRules } from '../../../../hooks/use-form-rules';
import { useEmailChange } from '../use-email-change';

/** Dialog to change the e-mail address: password check, new address twice, then the e-mailed code. */
export function EmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const change = useEmailChange(onClose);
  const okText = [t('common.actions.next'), t('account.code.send'), t('common.actions.confirm')][change.step];

  return (
    <Modal
      open={open}
      title={t('settings.account.changeEmail')}
      okText={okText}
      cancelText={t('common.actions.cancel')}
      confirmLoading={change.pending}
      onOk={() => change.form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Steps
        className="lw-steps"
        size="small"
        current={change.step}
        items={[
          { title: t('settings.email.steps.password') },
          { title: t('settings.email.steps.address') },
          { title: t('settings.email.steps.code') },
        ]}
      />
      <Form form={change.form} layout="vertical" onFinish={change.handleSubmit} name="email-change" preserve>
        {change.step === 0 && (
          <Form.Item name="password" label={t('account.fields.currentPassword')} rules={rules.password}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        )}
        {change.step === 1 && (
          <>
            <Form.Item name="email" label={t('account.fields.newEmail')} rules={rules.email}>
              <Input type="email" autoComplete="email" autoFocus />
            </Form.Item>
            <Form.Item
              name="emailConfirm"
              label={t('account.fields.confirmEmail')}
              dependencies={['email']}
              rules={rules.confirmEmail('email')}
            >
              <Input type="email" autoComplete="email" />
            </Form.Item>
          </>
        )}
        {change.step === 2 && (
          <>
            <Typography.Paragraph>
              {t('account.code.sentTo')} <Typography.Text strong>{change.email}</Typography.Text>
            </Typography.Paragraph>
            <CodeField
              rules={rules.code}
              remaining={change.remaining}
              sending={change.sending}
              onResend={change.handleResend}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}
