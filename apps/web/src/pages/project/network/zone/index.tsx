import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { builtPathOfIndex } from '../../../../route-table';
import { ZoneWorkspace } from './components/zone-workspace';
import { useZoneNid } from './use-zone-nid';

/**
 * Zone page (/project/network/zone, index 2-2-2, spec section 2 network map) of the breadcrumb's
 * network, or of `?nid=` when a link names one; without a network it points to the network list.
 */
export function ZonePage() {
  const { t } = useTranslation();
  const nid = useZoneNid();
  if (nid === null) {
    return (
      <Card>
        <Empty description={t('zone.page.noNetwork')}>
          <Link to={builtPathOfIndex('2-2-1') ?? '/'}>{t('menu.project.networks')}</Link>
        </Empty>
      </Card>
    );
  }
  return <ZoneWorkspace key={nid} nid={nid} />;
}
