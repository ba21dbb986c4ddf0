import { type AssumptionKey, assumptionKey, type EnergyFigures } from '@lightwell/domain';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changePercent, useEnergyFormat } from '../../../../features/energy/format';

/** Props of each figure card: this period's figures and those of the period of equal length before. */
export interface FigureCardProps {
  figures: EnergyFigures;
  previous: EnergyFigures;
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
 * (red), a rise of what is saved as good (`higherIsBetter`).
 */
export function Change({
  current,
  previous,
  higherIsBetter = false,
}: {
  current: number;
  previous: number;
  higherIsBetter?: boolean;
}) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
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
