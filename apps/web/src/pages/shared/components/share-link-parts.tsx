import { Alert, Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginPathReturningTo } from '../../../app/return-to';
import { useLogout } from '../../../hooks/use-logout';
import { useSession } from '../../../stores/session';

/** What every share link page shows for a missing, unknown, used or expired link: a way to sign in. */
export function InvalidShareLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t('share.link.invalidTitle')}
      subTitle={t('share.link.invalid')}
      extra={<Button onClick={() => void navigate('/login')}>{t('share.link.toLogin')}</Button>}
    />
  );
}

/** Props of {@link ShareLinkActions}. */
export interface ShareLinkActionsProps {
  /** The account the link was sent to. */
  email: string;
  /** Label of the accept button. */
  acceptLabel: string;
  /** Whether the accept request is under way. */
  accepting: boolean;
  /** Message of the failed accept request, if any. */
  acceptError?: string;
  onAccept: () => void;
}

/**
 * The foot of a share link page: accept as the invited account; signed in as another account, say so
 * and offer to switch; signed out, offer sign-in or registration that come back to this page.
 */
export function ShareLinkActions({ email, acceptLabel, accepting, acceptError, onAccept }: ShareLinkActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  const signedInAs = session.token ? session.email : null;
  const here = `${window.location.pathname}${window.location.search}`;

  return (
    <>
      {acceptError !== undefined && <Alert className="lw-gap-top" type="error" showIcon message={acceptError} />}
      <Space className="lw-gap-top" wrap>
        {signedInAs === email && (
          <Button type="primary" loading={accepting} onClick={onAccept}>
            {acceptLabel}
          </Button>
        )}
        {signedInAs && signedInAs !== email && (
          <>
            <Alert type="warning" showIcon message={t('share.link.otherAccount', { email })} />
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
    </>
  );
}
