import { isValidEmail, MAX_SHARE_EMAILS, type ProfileSummary, shareRecipientsProblem } from '@lightwell/domain';
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import { useProfileShareMutation } from '../../../api/profile';
import { toast } from '../../../app/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { useSession } from '../../../stores/session';

/**
 * Shares an own profile by e-mail link (sections 4-6, as for networks): up to 6 addresses, no
 * duplicates, not oneself; each recipient who accepts gets a copy of the profile.
 */
export function ProfileShareDialog({ profile, onClose }: { profile: ProfileSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ emails: string[] }>();
  const ownEmail = useSession((state) => state.email);
  const share = useProfileShareMutation();

  const handleSubmit = ({ emails }: { emails: string[] }) =>
    share.mutate(
      { profileId: profile.id, emails: emails.map((e) => e.trim().toLowerCase()) },
      {
        onSuccess: ({ sent }) => {
          toast.saved(t('share.dialog.sent', { count: sent }));
          onClose();
        },
        onError: (error) => {
          const refused = isApiError(error) ? (error.data as { emails?: string[] } | null)?.emails : undefined;
          if (refused?.length) {
            form.setFields([{ name: 'emails', errors: [t('share.dialog.refused', { emails: refused.join(', ') })] }]);
          }
        },
      },
    );

  const validateEmails = async (_: unknown, value: string[] | undefined) => {
    const emails = (value ?? []).map((e) => e.trim());
    if (emails.length === 0) throw new Error(t('share.dialog.emailsRequired'));
    if (emails.some((e) => !isValidEmail(e))) throw new Error(t('validation.email.format'));
    const problem = shareRecipientsProblem(emails, ownEmail);
    if (problem) throw new Error(t(`share.dialog.problem.${problem}`, { max: MAX_SHARE_EMAILS }));
  };

  return (
    <FormDialog
      form={form}
      title={t('profile.share.title', { name: profile.name })}
      okText={t('share.dialog.send')}
      pending={share.isPending}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('profile.share.hint', { max: MAX_SHARE_EMAILS })}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="profile-share" initialValues={{ emails: [] }} onFinish={handleSubmit}>
        <Form.Item name="emails" label={t('share.dialog.emails')} rules={[{ validator: validateEmails }]}>
          <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} aria-label={t('share.dialog.emails')} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
