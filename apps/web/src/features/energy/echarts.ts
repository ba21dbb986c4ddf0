import { BarChart, HeatmapChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the charts and components the energy pages draw: the rest of ECharts stays out of the build.
echarts.use([
  HeatmapChart,
  BarChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** ECharts with the heat map and bar charts registered; only the energy pages import it. */
export { echarts };
