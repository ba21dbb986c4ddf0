import { Alert, Button, Descriptions, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAcceptShareMutation, useShareLinkQuery } from '../../api/share';
import { toast } from '../../app/feedback';
import { AuthCard } from '../../components/auth-card';
import { useLogout } from '../../hooks/use-logout';
import { useSession } from '../../stores/session';
import { loginPathReturningTo } from './return-to';

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
  const logout = useLogout();
  const here = `${window.location.pathname}${window.location.search}`;

  if (info.isPending && link) return <Spin className="lw-page-spin" />;
  if (!link || info.isError || !info.data || info.data.state !== 'pending') {
    return (
      <Result
        status="warning"
        title={t('share.link.invalidTitle')}
        subTitle={t('share.link.invalid')}
        extra={<Button onClick={() => void navigate('/login')}>{t('share.link.toLogin')}</Button>}
      />
    );
  }
  const offer = info.data;
  const signedInAs = session.token ? session.email : null;
  const handleAccept = () =>
    accept.mutate(
      { link },
      {
        onSuccess: (result) => {
          toast.saved(t('share.link.accepted', { name: offer.targetName }));
          session.setProject(result.pid, '');
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
      {accept.isError && <Alert className="lw-gap-top" type="error" showIcon message={accept.error.message} />}
      <Space className="lw-gap-top" wrap>
        {signedInAs === offer.email && (
          <Button type="primary" loading={accept.isPending} onClick={handleAccept}>
            {t('share.link.accept')}
          </Button>
        )}
        {signedInAs && signedInAs !== offer.email && (
          <>
            <Alert type="warning" showIcon message={t('share.link.otherAccount', { email: offer.email })} />
            <Button onClick={logout}>{t('share.link.switchAccount')}</Button>
          </>
        )}
        {!signedInAs && (
          <>
            <Button type="primary" onClick={() => void navigate(loginPathReturningTo(here))}>
              {t('share.link.signIn')}
            </Button>
            <Button onClick={() => void navigate('/addCount')}>{t('share.link.register')}</Button>
          </>
        )}
      </Space>
    </AuthCard>
  );
}
