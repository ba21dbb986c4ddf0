import type { NetworkEnergy } from '@lightwell/domain';
import { Card, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Co2Card, CostCard, EnergyCard, SavingsCard } from './figure-cards';
import { NetworkHealth } from './network-health';
import { SourceSeriesChart } from './source-series-chart';
import { ZoneTable } from './zone-table';

/** True when the period holds anything to show: energy, a trigger, or a series value. */
export function hasReadings(data: NetworkEnergy): boolean {
  return (
    data.figures.energyWh > 0 ||
    data.figures.savings.baselineWh > 0 ||
    data.zones.some((zone) => zone.energyWh > 0 || zone.triggers > 0) ||
    data.series.some((frame) => frame.bySource.meter + frame.bySource.d4i + frame.bySource.estimate > 0)
  );
}

/**
 * The network data overview with readings (1-1): energy, cost, CO2 and savings with their sources and
 * the change from the previous period, report gaps and devices out of order, energy by source over the
 * period, and the zones, whose energy adds up to the network's.
 */
export function OverviewView({ data }: { data: NetworkEnergy }) {
  const { t } = useTranslation();
  const { figures, previous } = data;
  const comparison = { coverage: data.previousCoverage, timeZone: data.period.timeZone };
  return (
    <Flex vertical gap={16}>
      <NetworkHealth devices={data.devices} gaps={data.gaps} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12} xxl={6}>
          <EnergyCard figures={figures} previous={previous} comparison={comparison} />
        </Col>
        <Col xs={24} lg={12} xxl={6}>
          <CostCard figures={figures} previous={previous} comparison={comparison} />
        </Col>
        <Col xs={24} lg={12} xxl={6}>
          <Co2Card figures={figures} previous={previous} comparison={comparison} />
        </Col>
        <Col xs={24} lg={12} xxl={6}>
          <SavingsCard figures={figures} previous={previous} comparison={comparison} />
        </Col>
      </Row>
      <Card size="small" title={t('statistics.overview.series')}>
        <SourceSeriesChart series={data.series} frameUnit={data.frameUnit} timeZone={data.period.timeZone} />
      </Card>
      <Card size="small" title={t('statistics.overview.zones')}>
        <ZoneTable zones={data.zones} totalWh={figures.energyWh} />
      </Card>
    </Flex>
  );
}
