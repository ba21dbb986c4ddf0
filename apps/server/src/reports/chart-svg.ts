import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

/** A stacked bar chart: one bar per category, one stacked series per named part (energy sources, say). */
export interface BarChartSpec {
  title: string;
  categories: string[];
  series: { name: string; values: number[]; color: string }[];
  /** Unit shown on the value axis. */
  unit: string;
}

/** Width and height of a chart's SVG, in its own units (the PDF scales it to the page width). */
export const CHART_SIZE = { width: 760, height: 280 } as const;

/**
 * Draws a stacked bar chart on the server with ECharts' server-side SVG renderer (`ssr: true`,
 * `renderToSVGString`), as the data pages draw theirs in the browser; `render-pdf.ts` places the SVG into the
 * document as vectors (svg-to-pdfkit), its texts in the document's fonts. No animation, no DOM.
 */
export function renderBarChartSvg(spec: BarChartSpec): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...CHART_SIZE });
  try {
    chart.setOption({
      animation: false,
      title: { text: spec.title, left: 0, top: 0, textStyle: { fontSize: 13, fontWeight: 'bold' } },
      legend: { top: 0, right: 0, textStyle: { fontSize: 11 } },
      grid: { left: 60, right: 12, top: 58, bottom: 48 },
      xAxis: {
        type: 'category',
        data: spec.categories,
        axisLabel: { fontSize: 10, hideOverlap: true, rotate: spec.categories.length > 16 ? 45 : 0 },
      },
      yAxis: { type: 'value', name: spec.unit, nameTextStyle: { fontSize: 10 }, axisLabel: { fontSize: 10 } },
      series: spec.series.map((series) => ({
        type: 'bar',
        name: series.name,
        stack: 'total',
        data: series.values,
        itemStyle: { color: series.color },
        barMaxWidth: 40,
      })),
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
