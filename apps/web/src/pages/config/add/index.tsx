import { defaultProfileSettings } from '@lightwell/domain';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfileAddMutation } from '../../../api/profile';
import { toast } from '../../../app/feedback';
import { ProfileEditor, type ProfileFormValues } from '../../../features/profiles/profile-editor';
import { profileEditPath } from '../components/profile-list';

/** Add a configuration profile (/config/add, 3-2-1), starting from the default settings. */
export function AddProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useProfileAddMutation();
  const handleSave = (values: ProfileFormValues) =>
    add.mutate(
      { name: values.name.trim(), isPublic: values.isPublic, settings: values.settings },
      {
        onSuccess: (created) => {
          toast.saved(t('profile.messages.created'));
          void navigate(profileEditPath(created.id), { replace: true });
        },
      },
    );
  return (
    <Card title={t('menu.config.add')}>
      <ProfileEditor
        initial={{ name: '', isPublic: false, settings: defaultProfileSettings() }}
        saving={add.isPending}
        onSave={handleSave}
      />
    </Card>
  );
}
