import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../route-table';
import { useSession } from '../../stores/session';

/** Not-found page (/404): where unknown and not-yet-built paths land (section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((state) => Boolean(state.token));
  return (
    <Result
      status="404"
      title={t('common.notFound.title')}
      subTitle={t('common.notFound.text')}
      extra={
        <Button type="primary" onClick={() => void navigate(signedIn ? HOME_PATH : '/login')}>
          {signedIn ? t('common.notFound.home') : t('common.notFound.login')}
        </Button>
      }
    />
  );
}
