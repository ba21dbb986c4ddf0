import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { echarts } from '../../../../features/energy/echarts';
import { stubCanvas } from '../../../../test/canvas';
import { renderComponent } from '../../../../test/render-component';
import { SourceSeriesChart } from './source-series-chart';

/** The y-axis labels ECharts drew, as its own axis model formatted them. */
function valueAxisLabels(): string[] {
  const chart = echarts.getInstanceByDom(screen.getByTestId('source-series'));
  if (!chart) throw new Error('no chart');
  const model = (chart as unknown as { getModel: () => { getComponent: (type: string) => unknown } }).getModel();
  const axis = (model.getComponent('yAxis') as { axis: { getViewLabels: () => { formattedLabel: string }[] } }).axis;
  return axis.getViewLabels().map((label) => label.formattedLabel);
}

const frames = (wh: readonly number[]) =>
  wh.map((total, i) => ({
    start: 1_767_571_200 + i * 3600,
    bySource: { meter: total / 2, d4i: total / 2, estimate: 0 },
  }));

beforeEach(() => stubCanvas());
afterEach(() => vi.restoreAllMocks());

describe('source series chart', () => {
  it('labels a small kWh axis without repeating a label', async () => {
    await renderComponent(<SourceSeriesChart series={frames([120, 230, 80])} frameUnit="hour" timeZone="UTC" />);
    const labels = valueAxisLabels();
    expect(labels).toEqual(['0.00', '0.05', '0.10', '0.15', '0.20', '0.25']);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('labels a large axis in whole kWh', async () => {
    await renderComponent(<SourceSeriesChart series={frames([40_000, 137_000])} frameUnit="day" timeZone="UTC" />);
    expect(valueAxisLabels()).toEqual(['0', '30', '60', '90', '120', '150']);
  });
});
