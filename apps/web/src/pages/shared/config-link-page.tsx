import { Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useProfileShareAcceptMutation, useProfileShareInfoQuery } from '../../api/profile';
import { toast } from '../../app/feedback';
import { AuthCard } from '../../components/auth-card';
import { ProfileEditor } from '../../features/profiles/profile-editor';
import { InvalidShareLink, ShareLinkActions } from './components/share-link-parts';

/**
 * Public page of a profile share link (/shared/config): shows the profile offered with all its settings
 * (sensor, button actions, fire-alarm mode, process timers) in the profile editor, read-only, and accepts it as the invited account, which puts a copy among the user's own profiles.
 * Signed out, it offers sign-in or registration and comes back here afterwards.
 */
export function ConfigLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const info = useProfileShareInfoQuery(link);
  const accept = useProfileShareAcceptMutation();

  if (info.isPending && link) return <Spin className="lw-page-spin" />;
  if (!link || info.isError || !info.data || info.data.state !== 'pending' || !info.data.settings) {
    return <InvalidShareLink />;
  }
  const offer = info.data;
  const settings = offer.settings!;
  const handleAccept = () =>
    accept.mutate(
      { link },
      {
        onSuccess: (copy) => {
          toast.saved(t('profile.link.accepted', { name: copy.name }));
          void navigate(`/config/update?id=${copy.id}`, { replace: true });
        },
      },
    );

  return (
    <AuthCard wide title={t('profile.link.title')} subtitle={t('profile.link.subtitle', { sharer: offer.sharerName })}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('share.kind.config')}>{offer.profileName}</Descriptions.Item>
        <Descriptions.Item label={t('share.link.for')}>{offer.email}</Descriptions.Item>
      </Descriptions>
      <ProfileEditor preview initial={{ name: offer.profileName, isPublic: false, settings }} />
      <ShareLinkActions
        email={offer.email}
        acceptLabel={t('profile.link.accept')}
        accepting={accept.isPending}
        acceptError={accept.isError ? accept.error.message : undefined}
        onAccept={handleAccept}
      />
    </AuthCard>
  );
}
