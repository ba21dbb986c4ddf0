import type { EquipmentFigures } from '@lightwell/domain';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../../../features/energy/e-chart';
import type { ChartSection } from '../../../../../../features/equipment/equipment-breakdowns';
import { type EquipmentLabels, useEquipmentLabels } from '../../../../../../features/equipment/labels';

/** Models drawn in the models chart: the most installed; the table lists all. */
const TOP_MODELS = 10;
const COLORS = {
  online: '#52c41a',
  offline: '#bfbfbf',
  faulty: '#ff4d4f',
  count: '#1677ff',
  duration: '#722ed1',
} as const;
const BATTERY_COLORS = {
  full: '#52c41a',
  charging: '#1677ff',
  onBattery: '#faad14',
  fault: '#ff4d4f',
  unknown: '#bfbfbf',
};

interface Bars {
  categories: string[];
  series: { name: string; values: number[]; color?: string; colors?: string[]; stack?: string }[];
  /** Bars along the value axis (long category names read better down the side). */
  horizontal: boolean;
  unit: 'devices' | 'fittings';
}

function barsOf(section: ChartSection, figures: EquipmentFigures, labels: EquipmentLabels, t: TFunction): Bars {
  switch (section) {
    case 'kinds': {
      const rows = figures.byKind.filter((row) => row.devices > 0);
      return {
        categories: rows.map((row) => labels.kind(row.kind)),
        series: [
          { name: t('equipment.figures.online'), values: rows.map((r) => r.online), color: COLORS.online, stack: 's' },
          {
            name: t('equipment.figures.offline'),
            values: rows.map((r) => r.offline),
            color: COLORS.offline,
            stack: 's',
          },
          { name: t('equipment.figures.faulty'), values: rows.map((r) => r.faulty), color: COLORS.faulty },
        ],
        horizontal: true,
        unit: 'devices',
      };
    }
    case 'models': {
      const rows = figures.byModel.slice(0, TOP_MODELS);
      return {
        categories: rows.map((row) => row.model),
        series: [{ name: t('equipment.figures.devices'), values: rows.map((r) => r.devices), color: COLORS.count }],
        horizontal: true,
        unit: 'devices',
      };
    }
    case 'age':
      return {
        categories: figures.age.buckets.map((row) => labels.age(row.bucket)),
        series: [
          {
            name: t('equipment.figures.devices'),
            values: figures.age.buckets.map((r) => r.devices),
            color: COLORS.count,
          },
        ],
        horizontal: false,
        unit: 'devices',
      };
    case 'battery':
      return {
        categories: figures.emergency.battery.map((row) => labels.battery(row.state)),
        series: [
          {
            name: t('equipment.figures.fittings'),
            values: figures.emergency.battery.map((r) => r.fittings),
            colors: figures.emergency.battery.map((r) => BATTERY_COLORS[r.state]),
          },
        ],
        horizontal: false,
        unit: 'fittings',
      };
    case 'lastTest': {
      const rows = figures.emergency.lastTest.filter((row) => row.function + row.duration > 0);
      return {
        categories: rows.map((row) => labels.grade(row.grade)),
        series: [
          { name: t('equipment.columns.functionTest'), values: rows.map((r) => r.function), color: COLORS.count },
          { name: t('equipment.columns.durationTest'), values: rows.map((r) => r.duration), color: COLORS.duration },
        ],
        horizontal: true,
        unit: 'fittings',
      };
    }
  }
}

/**
 * The ECharts option of a section's bars: counts on a value axis named with its unit, in the tooltip too.
 * Axis labels stay inside the chart by ECharts' own outer bounds (`outerBoundsMode` 'auto').
 */
function chartOption(bars: Bars, labels: EquipmentLabels, t: TFunction): EChartsCoreOption {
  const count = { type: 'value', minInterval: 1, name: t(`equipment.units.${bars.unit}Axis`), nameGap: 8 };
  const category = { type: 'category', data: bars.categories, inverse: bars.horizontal };
  return {
    animation: false,
    grid: { left: 8, right: 24, top: bars.series.length > 1 ? 36 : 28, bottom: 8 },
    legend: bars.series.length > 1 ? { top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) => labels[bars.unit](Number(value)),
    },
    xAxis: bars.horizontal ? count : category,
    yAxis: bars.horizontal ? category : count,
    series: bars.series.map((series) => ({
      type: 'bar',
      name: series.name,
      stack: series.stack,
      itemStyle: series.color ? { color: series.color } : undefined,
      data: series.values.map((value, i) =>
        series.colors ? { value, itemStyle: { color: series.colors[i] } } : value,
      ),
    })),
  };
}

/** A section's chart of the statistics (bars), described for assistive technology by its title. */
export function EquipmentChart({ section, figures }: { section: ChartSection; figures: EquipmentFigures }) {
  const { t } = useTranslation();
  const labels = useEquipmentLabels();
  const bars = useMemo(() => barsOf(section, figures, labels, t), [section, figures, labels, t]);
  const option = useMemo(() => chartOption(bars, labels, t), [bars, labels, t]);
  const height = bars.horizontal ? Math.max(180, 60 + bars.categories.length * 32) : 240;
  return (
    <EChart option={option} height={height} label={t(`equipment.charts.${section}`)} testId={`chart-${section}`} />
  );
}
