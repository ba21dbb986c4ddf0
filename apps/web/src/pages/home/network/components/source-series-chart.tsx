import { energySourceKey, type NetworkEnergy } from '@lightwell/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../features/energy/e-chart';
import { useEnergyFormat } from '../../../../features/energy/format';
import { useFrameTime } from '../../../../features/energy/frame-replay';
import { SOURCE_COLORS, SOURCES } from '../../../../features/energy/source-badges';
import { axisLabelFormatter, valueAxisScale } from '../../../../features/energy/value-axis';

/** Props of {@link SourceSeriesChart}. */
export interface SourceSeriesChartProps {
  series: NetworkEnergy['series'];
  frameUnit: 'hour' | 'day';
  timeZone: string;
}

/** Energy per hour or local day over the period, stacked by source (meter, D4i, estimate), in kWh. */
export function SourceSeriesChart({ series, frameUnit, timeZone }: SourceSeriesChartProps) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const frameTime = useFrameTime(timeZone, frameUnit);
  const option = useMemo(() => {
    const stacked = series.map((frame) => SOURCES.reduce((sum, source) => sum + frame.bySource[source] / 1000, 0));
    const scale = valueAxisScale(Math.max(0, ...stacked));
    return {
      animation: false,
      grid: { left: 56, right: 16, top: 36, bottom: 48 },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (kwh: unknown) => format.energy(Number(kwh) * 1000),
      },
      xAxis: { type: 'category', data: series.map((frame) => frameTime(frame.start)) },
      // The step is fixed here so that the labels carry the decimals it needs and never repeat.
      yAxis: {
        type: 'value',
        name: t('statistics.units.kwhAxis'),
        min: 0,
        max: scale.max,
        interval: scale.interval,
        axisLabel: { formatter: axisLabelFormatter(scale.interval, format.number) },
      },
      series: SOURCES.map((source) => ({
        id: source,
        name: t(energySourceKey(source)),
        type: 'bar',
        stack: 'energy',
        itemStyle: { color: SOURCE_COLORS[source] },
        data: series.map((frame) => frame.bySource[source] / 1000),
      })),
    };
  }, [series, frameTime, format, t]);
  return <EChart option={option} height={300} label={t('statistics.overview.series')} testId="source-series" />;
}
