import { useTranslation } from 'react-i18next';
import { ProfileList } from '../components/profile-list';

/** Other users' public configuration profiles (/config/other, 3-2): view and copy. */
export function OtherProfilesPage() {
  const { t } = useTranslation();
  return <ProfileList scope="others" title={t('menu.config.other')} />;
}
