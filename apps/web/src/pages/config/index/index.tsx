import { useTranslation } from 'react-i18next';
import { ProfileList } from '../components/profile-list';

/** Own configuration profiles (/config/index, 3-1). */
export function MyProfilesPage() {
  const { t } = useTranslation();
  return <ProfileList scope="mine" title={t('menu.config.mine')} />;
}
