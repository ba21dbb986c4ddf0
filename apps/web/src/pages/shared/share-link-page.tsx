import { Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAcceptShareMutation, useShareLinkQuery } from '../../api/share';
import { toast } from '../../app/feedback';
import { AuthCard } from '../../components/auth-card';
import { useSession } from '../../stores/session';
import { InvalidShareLink, ShareLinkActions } from './components/share-link-parts';

/**
 * Public page of a share link (/shared/network, /shared/project): shows what is offered and accepts it
 * as the invited account; signed out, it offers sign-in or registration and comes back here afterwards.
 */
export function ShareLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const info = useShareLinkQuery(link);
  const accept = useAcceptShareMutation();
  const session = useSession();

  if (info.isPending && link) return <Spin className="lw-page-spin" />;
  if (!link || info.isError || !info.data || info.data.state !== 'pending') {
    return <InvalidShareLink />;
  }
  const offer = info.data;
  const handleAccept = () =>
    accept.mutate(
      { link },
      {
        onSuccess: (result) => {
          toast.saved(t('share.link.accepted', { name: offer.targetName }));
          session.setProject(result.pid, '');
          // A shared network becomes the current one; a shared project's first network follows.
          session.setNetwork(result.kind === 'network' ? result.targetId : null);
          void navigate(offer.kind === 'network' ? '/project/network/index' : '/project/index', { replace: true });
        },
      },
    );

  return (
    <AuthCard
      title={t(`share.link.title.${offer.kind}`)}
      subtitle={t('share.link.subtitle', { sharer: offer.sharerName })}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t(`share.kind.${offer.kind}`)}>{offer.targetName}</Descriptions.Item>
        <Descriptions.Item label={t('share.role.label')}>{t(`share.role.${offer.userType}`)}</Descriptions.Item>
        <Descriptions.Item label={t('share.link.for')}>{offer.email}</Descriptions.Item>
      </Descriptions>
      <ShareLinkActions
        email={offer.email}
        acceptLabel={t('share.link.accept')}
        accepting={accept.isPending}
        acceptError={accept.isError ? accept.error.message : undefined}
        onAccept={handleAccept}
      />
    </AuthCard>
  );
}
