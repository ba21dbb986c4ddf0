import { Alert, Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNetworkEnergyQuery } from '../../../../api/energy';
import { useNetworkDetailQuery } from '../../../../api/zone';
import { PeriodPicker } from '../../../../features/energy/period-picker';
import { ReadingsEmpty } from '../../../../features/energy/readings-empty';
import { useEnergyPeriod } from '../../../../features/energy/use-energy-period';
import { usePeriodText } from '../../../../features/energy/use-period-text';
import { EmergencySummary } from './emergency-summary';
import { hasReadings, OverviewView } from './overview-view';

/**
 * The overview of one network: its name and the period picker, its emergency lighting as it stands now
 * (whatever the period), then the period's figures or what to do first.
 */
export function OverviewWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const network = useNetworkDetailQuery(nid);
  const period = useEnergyPeriod();
  const overview = useNetworkEnergyQuery(nid, period);
  const data = overview.data;
  const periodText = usePeriodText(data?.period);
  return (
    <Card
      title={t('statistics.overview.title', { network: network.data?.name ?? '' })}
      extra={<PeriodPicker value={period.span} onChange={period.setSpan} />}
      data-testid="network-overview"
    >
      <EmergencySummary nid={nid} />
      {periodText && (
        <Typography.Paragraph type="secondary" data-testid="period-text">
          {periodText}
        </Typography.Paragraph>
      )}
      {overview.isError ? (
        <Alert type="error" showIcon title={t('statistics.loadFailed')} />
      ) : overview.isLoading ? (
        <Spin aria-label={t('common.loading')} />
      ) : data && hasReadings(data) ? (
        <OverviewView data={data} />
      ) : (
        <ReadingsEmpty />
      )}
    </Card>
  );
}
