import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useProfileCopyMutation, useProfileQuery, useProfileUpdateMutation } from '../../../api/profile';
import { toast } from '../../../app/feedback';
import { ProfileEditor, type ProfileFormValues } from '../../../features/profiles/profile-editor';
import { profileEditPath } from '../components/profile-list';
import { profileDisplayName } from '../components/profile-name';

/**
 * Update a configuration profile (/config/update?id=…, 3-2-2). Own profiles are edited; system defaults
 * (section 6: cannot be edited) and other users' public profiles are shown read-only with a copy action.
 */
export function UpdateProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useProfileQuery(id);
  const update = useProfileUpdateMutation();
  const copy = useProfileCopyMutation();

  if (id === null || query.isError) {
    return (
      <Result
        status="info"
        title={t('profile.editor.choose')}
        extra={<Button onClick={() => void navigate('/config/index')}>{t('menu.config.mine')}</Button>}
      />
    );
  }
  if (!query.data) return <Spin className="lw-page-spin" />;
  const profile = query.data;
  const handleSave = (values: ProfileFormValues) =>
    update.mutate(
      { profileId: profile.id, name: values.name.trim(), isPublic: values.isPublic, settings: values.settings },
      { onSuccess: () => toast.saved(t('profile.messages.saved')) },
    );
  const handleCopy = () =>
    copy.mutate(
      { profileId: profile.id, name: profileDisplayName(t, profile) },
      { onSuccess: (created) => void navigate(profileEditPath(created.id)) },
    );

  return (
    <Card
      title={t('profile.editor.title', { name: profileDisplayName(t, profile) })}
      extra={
        !profile.mine && (
          <Button loading={copy.isPending} onClick={handleCopy} data-testid="profile-copy">
            {t('profile.actions.copy')}
          </Button>
        )
      }
    >
      <ProfileEditor
        key={`${profile.id}-${profile.updatedAt}`}
        initial={{ name: profileDisplayName(t, profile), isPublic: profile.isPublic, settings: profile.settings }}
        readOnly={!profile.mine}
        saving={update.isPending}
        onSave={handleSave}
      />
    </Card>
  );
}
