import { LITRES_PER_US_GALLON, type SavingShare, savingCauseKey } from '@lightwell/domain';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnergyFormat } from '../../../../features/energy/format';
import { SourceBadges } from '../../../../features/energy/source-badges';
import { Change, FigureCard, type FigureCardProps, useAssumptionText } from './figure-parts';

/**
 * Energy used, the share of each source, set-aside jumps, energy spread over a reporting gap, and the
 * assumptions behind the estimate.
 */
export function EnergyCard({ figures, previous, comparison }: FigureCardProps) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const assumption = useAssumptionText();
  return (
    <FigureCard
      title={t('statistics.overview.energy')}
      value={format.energy(figures.energyWh)}
      testId="overview-energy"
      raw={figures.energyWh}
    >
      <SourceBadges wh={figures.bySource} shares={figures.shareBasisPoints} />
      <Change current={figures.energyWh} previous={previous.energyWh} comparison={comparison} />
      {figures.quarantinedWh > 0 && (
        <Typography.Text type="warning">
          {t('statistics.overview.quarantined', { energy: format.energy(figures.quarantinedWh) })}
        </Typography.Text>
      )}
      {figures.spreadWh > 0 && (
        <Typography.Text type="secondary" data-testid="spread-over-gap">
          {t('statistics.overview.spread', { energy: format.energy(figures.spreadWh) })}
        </Typography.Text>
      )}
      {figures.assumptions.length > 0 && (
        <div data-testid="assumptions">
          <Typography.Text type="secondary">{t('statistics.overview.assumptions')}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {figures.assumptions.map((item) => (
              <li key={`${item.key}-${JSON.stringify(item.params)}`}>{assumption(item.key, item.params)}</li>
            ))}
          </ul>
        </div>
      )}
    </FigureCard>
  );
}

/** Cost in the network's currency (hundredths shown with two decimals), its parts and unpriced energy. */
export function CostCard({ figures, previous, comparison }: FigureCardProps) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const { cost } = figures;
  return (
    <FigureCard
      title={t('statistics.overview.cost')}
      value={format.money(cost.total, cost.currency)}
      testId="overview-cost"
      raw={cost.total}
    >
      <Typography.Text type="secondary">
        {t('statistics.overview.costParts', {
          energy: format.money(cost.energy, cost.currency),
          standing: format.money(cost.standing, cost.currency),
        })}
      </Typography.Text>
      <Change current={cost.total} previous={previous.cost.total} comparison={comparison} />
      {cost.unpricedWh > 0 && (
        <Typography.Text type="warning">
          {t('statistics.overview.unpriced', { energy: format.energy(cost.unpricedWh) })}
        </Typography.Text>
      )}
    </FigureCard>
  );
}

/** CO2 emitted, with the factor set it was worked out with. */
export function Co2Card({ figures, previous, comparison }: FigureCardProps) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const { co2 } = figures;
  return (
    <FigureCard
      title={t('statistics.overview.co2')}
      value={format.co2(co2.grams)}
      testId="overview-co2"
      raw={co2.grams}
    >
      <Typography.Text type="secondary" data-testid="co2-factor">
        {t('common.format.nameWithDetail', { name: co2.factorLabel, detail: format.factor(co2.gramsPerKWh) })}
      </Typography.Text>
      <Change current={co2.grams} previous={previous.co2.grams} comparison={comparison} />
    </FigureCard>
  );
}

/**
 * Saved against the baseline (every luminaire at 100 % during the same hours), by cause, and what it
 * equals: trees, petrol in litres, and US gasoline in gallons with their litres beside them.
 */
export function SavingsCard({ figures, previous, comparison }: FigureCardProps) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const { savings, equivalents, co2 } = figures;
  const causes = Object.entries(savings.byCause).filter(([, wh]) => wh !== 0);
  return (
    <FigureCard
      title={t('statistics.overview.savings')}
      value={format.energy(savings.savedWh)}
      testId="overview-saved"
      raw={savings.savedWh}
    >
      <Typography.Text type="secondary">
        {t('statistics.overview.baseline', { energy: format.energy(savings.baselineWh) })}
      </Typography.Text>
      <Flex wrap gap={4} data-testid="saving-causes">
        {causes.map(([cause, wh]) => (
          <Tag key={cause} style={{ marginInlineEnd: 0 }}>
            {t('common.format.labelValue', {
              label: t(savingCauseKey(cause as SavingShare)),
              value: format.energy(wh),
            })}
          </Tag>
        ))}
      </Flex>
      <Change current={savings.savedWh} previous={previous.savings.savedWh} comparison={comparison} higherIsBetter />
      <Typography.Text>{t('statistics.overview.savedCo2', { co2: format.co2(co2.savedGrams) })}</Typography.Text>
      <Typography.Text type="secondary" data-testid="equivalents">
        {t('statistics.overview.equivalents', {
          trees: format.number(equivalents.treeYears, 1),
          litresUk: format.number(equivalents.petrolLitresUk, 1),
          litresEu: format.number(equivalents.petrolLitresEu, 1),
          gallons: format.number(equivalents.gasolineGallonsUs, 1),
          // The same gasoline in litres, for readers who do not count in US gallons (section 9: 1 gallon 3.78 l).
          gallonLitres: format.number(equivalents.gasolineGallonsUs * LITRES_PER_US_GALLON, 1),
        })}
      </Typography.Text>
    </FigureCard>
  );
}
