import { isValidEmail, MAX_SHARE_EMAILS, shareRecipientsProblem } from '@lightwell/domain';
import { Form, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useShareNetworkMutation, useShareProjectMutation } from '../../api/share';
import { toast } from '../../app/feedback';
import { FormDialog } from '../../components/form-dialog';
import { useSession } from '../../stores/session';

interface ShareValues {
  emails: string[];
  userType: 1 | 2 | 3;
}

/**
 * Dialog sharing a network or a project by e-mail link (sections 4-6): up to 6 addresses, no
 * duplicates, not oneself, in the role chosen; an owner role only where `allowOwner` (ownerless network).
 */
export function ShareDialog({
  kind,
  targetId,
  targetName,
  allowOwner = false,
  onClose,
}: {
  kind: 'network' | 'project';
  targetId: number;
  targetName: string;
  allowOwner?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ShareValues>();
  const ownEmail = useSession((state) => state.email);
  const shareNetwork = useShareNetworkMutation();
  const shareProject = useShareProjectMutation();
  const pending = shareNetwork.isPending || shareProject.isPending;

  const handleSubmit = ({ emails, userType }: ShareValues) => {
    const clean = emails.map((e) => e.trim().toLowerCase());
    const callbacks = {
      onSuccess: ({ sent }: { sent: number }) => {
        toast.saved(t('share.dialog.sent', { count: sent }));
        onClose();
      },
      onError: (error: Error) => {
        if (isApiError(error) && Array.isArray((error.data as { emails?: unknown })?.emails)) {
          const refused = (error.data as { emails: string[] }).emails;
          if (refused.length)
            form.setFields([{ name: 'emails', errors: [t('share.dialog.refused', { emails: refused.join(', ') })] }]);
        }
      },
    };
    if (kind === 'network') shareNetwork.mutate({ nid: targetId, emails: clean, userType }, callbacks);
    else shareProject.mutate({ pid: targetId, emails: clean, userType: userType === 2 ? 3 : userType }, callbacks);
  };

  const validateEmails = async (_: unknown, value: string[] | undefined) => {
    const emails = (value ?? []).map((e) => e.trim());
    if (emails.length === 0) throw new Error(t('share.dialog.emailsRequired'));
    const invalid = emails.filter((e) => !isValidEmail(e));
    if (invalid.length) throw new Error(t('validation.email.format'));
    const problem = shareRecipientsProblem(emails, ownEmail);
    if (problem) throw new Error(t(`share.dialog.problem.${problem}`, { max: MAX_SHARE_EMAILS }));
  };

  return (
    <FormDialog
      form={form}
      title={t(`share.dialog.title.${kind}`, { name: targetName })}
      okText={t('share.dialog.send')}
      pending={pending}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('share.dialog.hint', { max: MAX_SHARE_EMAILS })}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ emails: [], userType: 3 }}
        onFinish={handleSubmit}
        name="share"
      >
        <Form.Item name="emails" label={t('share.dialog.emails')} rules={[{ validator: validateEmails }]}>
          <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} aria-label={t('share.dialog.emails')} />
        </Form.Item>
        <Form.Item name="userType" label={t('share.role.label')}>
          <Radio.Group>
            <Radio value={3}>{t('share.role.3')}</Radio>
            <Radio value={1}>{t('share.role.1')}</Radio>
            {allowOwner && kind === 'network' && <Radio value={2}>{t('share.role.2')}</Radio>}
          </Radio.Group>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
