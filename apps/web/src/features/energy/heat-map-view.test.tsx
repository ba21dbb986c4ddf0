import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCanvas } from '../../test/canvas';
import { buildHeatMap } from '../../test/energy-data';
import { markCatalogueFormats, renderComponent } from '../../test/render-component';
import { echarts } from './echarts';
import { HeatMapView } from './heat-map-view';
import { hourLabelStep, MATRIX_MIN_WIDTH } from './heat-matrix';

interface MatrixOption {
  xAxis: { data: string[] }[];
  yAxis: { data: string[] }[];
  series: { id: string; data: [number, number, number][] }[];
}

/** What the matrix's ECharts instance was told to draw. */
function matrixOption(): MatrixOption {
  const chart = echarts.getInstanceByDom(screen.getByTestId('heat-matrix'));
  if (!chart) throw new Error('no chart on the matrix');
  return chart.getOption() as unknown as MatrixOption;
}

/** The labels ECharts draws on the matrix's x axis `index` (0 weekdays on top, 1 hours below). */
function drawnLabels(index: number): string[] {
  const chart = echarts.getInstanceByDom(screen.getByTestId('heat-matrix'));
  if (!chart) throw new Error('no chart on the matrix');
  const model = (chart as unknown as { getModel: () => { getComponent: (type: string, i: number) => unknown } })
    .getModel()
    .getComponent('xAxis', index) as {
    axis: { getViewLabels: () => { formattedLabel: string; tick: { offInterval?: boolean } }[] };
  };
  // The axis' last category is listed too, marked off-interval; ECharts leaves such a label out.
  return model.axis
    .getViewLabels()
    .filter((label) => !label.tick.offInterval)
    .map((label) => label.formattedLabel);
}

let restore: () => void = () => undefined;
beforeEach(() => stubCanvas());
afterEach(() => restore());

describe('heat map view', { timeout: 60_000 }, () => {
  it('shows the total in kWh with its sources and each row total', async () => {
    restore = markCatalogueFormats();
    await renderComponent(<HeatMapView nid={3} map={buildHeatMap()} rows="zone" />);
    // 14,196 + 28,392 + 42,588 Wh.
    expect(screen.getByTestId('heat-total').textContent).toContain('⟦85.2 kWh⟧');
    expect(screen.getByTestId('heat-total').dataset.value).toBe('85176');
    const badges = within(screen.getAllByTestId('source-badges')[0]!);
    expect(badges.getByText(/Smart meter/).textContent).toBe('⟦Smart meter ⟦16.7 %⟧ · ⟦14.2 kWh⟧⟧');
    expect(badges.getByText(/D4i driver data/).textContent).toContain('⟦25.0 %⟧');
    expect(badges.getByText(/Estimate/).textContent).toContain('⟦58.3 %⟧');
    expect(within(screen.getByTestId('heat-rows')).getByText('⟦42.6 kWh⟧')).toBeTruthy();
  });

  it('draws 168 columns per row from Monday when the week starts on Monday', async () => {
    await renderComponent(<HeatMapView nid={3} map={buildHeatMap()} rows="zone" />, { user: { weekStart: 1 } });
    const option = matrixOption();
    expect(option.xAxis[0]!.data).toHaveLength(168);
    expect(option.yAxis[0]!.data).toEqual(['Lobby', 'Office', 'Stairs']);
    const cells = option.series[0]!.data;
    expect(cells).toHaveLength(3 * 168);
    for (const y of [0, 1, 2]) expect(cells.filter((cell) => cell[1] === y)).toHaveLength(168);
    // Column 0 is Monday 00:00 (cell value 1 on the Lobby row), column 167 Sunday 23:00.
    expect(option.xAxis[0]!.data[0]).toBe('Mon 0');
    expect(option.xAxis[0]!.data[167]).toBe('Sun 23');
    expect(cells.find((cell) => cell[0] === 0 && cell[1] === 0)![2]).toBe(1);
    expect(cells.find((cell) => cell[0] === 167 && cell[1] === 0)![2]).toBe(168);
  });

  it('starts the columns on Sunday when the week starts on Sunday', async () => {
    await renderComponent(<HeatMapView nid={3} map={buildHeatMap()} rows="zone" />, { user: { weekStart: 7 } });
    const option = matrixOption();
    expect(option.xAxis[0]!.data[0]).toBe('Sun 0');
    expect(option.xAxis[0]!.data[24]).toBe('Mon 0');
    expect(option.xAxis[0]!.data[167]).toBe('Sat 23');
    const lobby = option.series[0]!.data.filter((cell) => cell[1] === 0).sort((a, b) => a[0] - b[0]);
    expect(lobby).toHaveLength(168);
    // Sunday 00:00 is hour 144 of a Monday-first week (value 145); Monday 00:00 follows a day later.
    expect(lobby[0]![2]).toBe(145);
    expect(lobby[24]![2]).toBe(1);
    expect(lobby[167]![2]).toBe(144);
  });

  it('labels the hours 0 to 23 every three hours under the cells, from the first day of the week', async () => {
    await renderComponent(<HeatMapView nid={3} map={buildHeatMap()} rows="zone" />, { user: { weekStart: 7 } });
    const day = ['0', '3', '6', '9', '12', '15', '18', '21'];
    expect(drawnLabels(1)).toEqual([...day, ...day, ...day, ...day, ...day, ...day, ...day]);
    expect(drawnLabels(0)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('labels every six hours where the window leaves the cells narrow', async () => {
    // The matrix's box as a 1280 px window leaves it beside the open sidebar; jsdom lays nothing out.
    const box = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'heat-matrix-box' ? 958 : 0;
    });
    try {
      await renderComponent(<HeatMapView nid={3} map={buildHeatMap()} rows="zone" />, { user: { weekStart: 1 } });
      const day = ['0', '6', '12', '18'];
      expect(drawnLabels(1)).toEqual([...day, ...day, ...day, ...day, ...day, ...day, ...day]);
      expect(drawnLabels(0)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    } finally {
      box.mockRestore();
    }
  });

  it('fits a week into a 1280 px window, and labels every three hours from about 1366 px', () => {
    expect(MATRIX_MIN_WIDTH).toBeLessThanOrEqual(958);
    expect(hourLabelStep(958)).toBe(6);
    expect(hourLabelStep(1046)).toBe(3);
    expect(hourLabelStep(1280)).toBe(3);
    // Narrower than the matrix: it keeps its least width and scrolls.
    expect(hourLabelStep(400)).toBe(6);
  });

  it('outlines the cells lit while unoccupied when the overlay is on, and not when off', async () => {
    await renderComponent(<HeatMapView nid={3} map={buildHeatMap()} rows="zone" />);
    expect(matrixOption().series.map((series) => series.id)).toEqual(['cells']);
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Lit while unoccupied' })));
    const overlay = matrixOption().series.find((series) => series.id === 'unoccupied');
    expect(overlay?.data).toEqual([
      [20, 0, 10],
      [21, 0, 10],
      [22, 0, 10],
    ]);
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Lit while unoccupied' })));
    expect(matrixOption().series.map((series) => series.id)).toEqual(['cells']);
  });

  it('moves the plan through the frames with the slider and with play', async () => {
    await renderComponent(<HeatMapView nid={3} map={buildHeatMap()} rows="zone" />);
    const slider = screen.getByTestId('frame-slider');
    expect(slider.dataset.frame).toBe('0');
    expect(screen.getByTestId('frame-time').textContent).toBe('1 of 3: 2026-11-23');
    await act(async () => fireEvent.keyDown(within(slider).getByRole('slider'), { key: 'ArrowRight', keyCode: 39 }));
    expect(slider.dataset.frame).toBe('1');
    expect(screen.getByTestId('frame-time').textContent).toBe('2 of 3: 2026-11-24');
    await act(async () => fireEvent.click(screen.getByTestId('frame-play')));
    await waitFor(() => expect(slider.dataset.frame).toBe('2'));
    expect(screen.getByTestId('frame-time').textContent).toBe('3 of 3: 2026-11-25');
    // The last frame stops the replay.
    await waitFor(() => expect(screen.getByTestId('frame-play').textContent).toBe('Play'));
  });

  it('shows sensor maps in triggers', async () => {
    restore = markCatalogueFormats();
    await renderComponent(
      <HeatMapView nid={3} map={buildHeatMap({ unit: 'count', metric: 'triggers' })} rows="device" />,
    );
    expect(screen.getByTestId('heat-total').textContent).toBe('Total: 85,176 triggers');
    expect(screen.queryByTestId('source-badges')).toBeNull();
  });
});
