import { type AssumptionKey, assumptionKey, type Coverage, type EnergyFigures } from '@lightwell/domain';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataFromDate } from '../../../../features/energy/coverage';
import { changePercent, useEnergyFormat } from '../../../../features/energy/format';

/** Whether stored data covers the period before, and the zone its first day is read in. */
export interface Comparison {
  coverage: Coverage;
  timeZone: string;
}

/**
 * Props of each figure card: this period's figures, those of the period of equal length before, and
 * whether that period is covered by stored data.
 */
export interface FigureCardProps {
  figures: EnergyFigures;
  previous: EnergyFigures;
  comparison: Comparison;
}

/** A figure card: its title, the figure large (raw value in `data-value`), and what explains it. */
export function FigureCard({
  title,
  value,
  testId,
  raw,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  raw: number;
  children?: ReactNode;
}) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      <Flex vertical gap={8}>
        <Typography.Text strong style={{ fontSize: 24 }} data-testid={testId} data-value={raw}>
          {value}
        </Typography.Text>
        {children}
      </Flex>
    </Card>
  );
}

/**
 * The change from the previous period: ▲ or ▼ and the percentage. A rise of what is used shows as bad
 * (red), a rise of what is saved as good (`higherIsBetter`). A previous period the network's data began
 * inside is not compared: the day the data begins is shown instead.
 */
export function Change({
  current,
  previous,
  comparison,
  higherIsBetter = false,
}: {
  current: number;
  previous: number;
  comparison: Comparison;
  higherIsBetter?: boolean;
}) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const dataFrom = useDataFromDate()(comparison.coverage, comparison.timeZone);
  if (dataFrom !== null)
    return (
      <Typography.Text type="secondary" data-testid="change-not-comparable">
        {t('statistics.change.notComparable', { date: dataFrom })}
      </Typography.Text>
    );
  const percent = changePercent(current, previous);
  if (percent === null) return <Typography.Text type="secondary">{t('statistics.change.none')}</Typography.Text>;
  if (Math.abs(percent) < 0.05)
    return <Typography.Text type="secondary">{t('statistics.change.same')}</Typography.Text>;
  const up = percent > 0;
  return (
    <Typography.Text type={up === higherIsBetter ? 'success' : 'danger'} data-testid="change">
      {t('statistics.change.text', { arrow: up ? '▲' : '▼', percent: format.percent(Math.abs(percent)) })}
    </Typography.Text>
  );
}

/**
 * The assumption's text; the server sends the rule's key (`nominalPower`) or the catalogue key itself.
 * Numbers in it are written as the language writes them (0,5 W in German).
 */
export function useAssumptionText() {
  const { t, i18n } = useTranslation();
  return (key: string, params: Record<string, number | string>) => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    const shown = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? number.format(value) : value]),
    );
    return t(key.startsWith('energy.') ? key : assumptionKey(key as AssumptionKey), shown) as string;
  };
}
