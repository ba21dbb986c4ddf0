import { useTranslation } from 'react-i18next';
import { ProfileList } from '../components/profile-list';

/** System default configuration profiles (/config/default, 3-3): read-only; view, copy and apply. */
export function DefaultProfilesPage() {
  const { t } = useTranslation();
  return <ProfileList scope="default" title={t('menu.config.default')} />;
}
