import type { HeatRow } from '@lightwell/domain';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '../floor-plan/use-element-size';
import { EChart } from './e-chart';
import { type EnergyFormat, useEnergyFormat } from './format';
import { HEAT_COLORS, UNOCCUPIED_COLOR } from './heat-colors';
import { cellsInColumns, HOURS_OF_WEEK, type WeekColumn, weekColumns, weekdayName } from './week-columns';

/**
 * Narrowest an hour's cell gets: a week with its row labels then fits the page of a 1280 px window beside
 * the open sidebar (and of a 1024 px one beside the folded sidebar); wider boxes widen the cells.
 */
const MIN_CELL_WIDTH = 4;
const ROW_HEIGHT = 24;
const LABEL_WIDTH = 150;
/** Room right of the cells, for the last hour label. */
const GRID_RIGHT = 24;
/** Room above and below the cells: weekday labels, hour labels and the colour scale. */
const CHROME_HEIGHT = 96;
/** Least distance between two hour labels (px): two digits at 10 px with a gap between them. */
const HOUR_LABEL_ROOM = 15;

/** Props of {@link HeatMatrix}. */
export interface HeatMatrixProps {
  rows: readonly HeatRow[];
  unit: 'count' | 'Wh';
  /** First day of the week, 1 Monday … 7 Sunday (the user's setting). */
  weekStart: number;
  /** Outline the cells lit while nobody was there (`litUnoccupiedCells`). */
  overlay: boolean;
  /** The network's zone, which the hours of the week are read in. */
  timeZone: string;
}

/** Width the matrix needs: row labels and 168 cells; wider boxes stretch it, narrower ones scroll. */
export const MATRIX_MIN_WIDTH = LABEL_WIDTH + HOURS_OF_WEEK * MIN_CELL_WIDTH + GRID_RIGHT + 16;

/**
 * Hours between two hour labels under the cells of a matrix `width` px wide: every 3 (0, 3, 6 … 21 of each
 * day) where they have room, every 6 where the cells are narrow. 0, a box not laid out yet, counts as wide.
 */
export function hourLabelStep(width: number): number {
  const cell = (Math.max(width, MATRIX_MIN_WIDTH) - LABEL_WIDTH - GRID_RIGHT) / HOURS_OF_WEEK;
  return width > 0 && cell * 3 < HOUR_LABEL_ROOM ? 6 : 3;
}

/**
 * Hour-of-week × row matrix (spec section 2, data pages 1-3 to 1-7): 168 columns from the user's
 * first day of the week, one row per zone or device, coloured by value; the tooltip names the row, the
 * local weekday and hour and the value with its unit. Scrolls inside its own box when narrow.
 */
export function HeatMatrix({ rows, unit, weekStart, overlay, timeZone }: HeatMatrixProps) {
  const { t, i18n } = useTranslation();
  const format = useEnergyFormat();
  const columns = useMemo(() => weekColumns(weekStart), [weekStart]);
  const boxRef = useRef<HTMLDivElement>(null);
  const hourStep = hourLabelStep(useElementSize(boxRef).width);
  const option = useMemo(
    () => matrixOption({ rows, unit, overlay, columns, hourStep, format, language: i18n.language, timeZone, t }),
    [rows, unit, overlay, columns, hourStep, format, i18n.language, timeZone, t],
  );
  const height = rows.length * ROW_HEIGHT + CHROME_HEIGHT;
  return (
    <div
      ref={boxRef}
      className="lw-heat-matrix"
      // Below its least width its 168 columns scroll inside this box; `contain` keeps their width out of
      // the page's layout.
      style={{ overflowX: 'auto', maxWidth: '100%', contain: 'inline-size' }}
      data-testid="heat-matrix-box"
    >
      <div style={{ minWidth: MATRIX_MIN_WIDTH }}>
        <EChart option={option} height={height} label={t('statistics.heat.matrixLabel')} testId="heat-matrix" />
      </div>
    </div>
  );
}

interface OptionInput {
  rows: readonly HeatRow[];
  unit: 'count' | 'Wh';
  overlay: boolean;
  columns: readonly WeekColumn[];
  /** Hours between two hour labels ({@link hourLabelStep}). */
  hourStep: number;
  format: EnergyFormat;
  language: string;
  timeZone: string;
  t: (key: string, options?: Record<string, unknown>) => string;
}

/** The ECharts option of the matrix: one heat map series, and the overlay series when asked for. */
function matrixOption({ rows, unit, overlay, columns, hourStep, format, language, timeZone, t }: OptionInput) {
  const data = rows.flatMap((row, y) => cellsInColumns(row.cells, columns).map((value, x) => [x, y, value]));
  const unoccupied = rows.flatMap((row, y) =>
    cellsInColumns(row.litUnoccupiedCells, columns).flatMap((value, x) => (value > 0 ? [[x, y, value]] : [])),
  );
  const max = Math.max(1, ...data.map((cell) => cell[2]!));
  const days = columns.map((column) => weekdayName(language, column.weekday));
  const tooltip = (params: { seriesId?: string; value?: unknown }) => {
    const [x, y, value] = params.value as [number, number, number];
    const column = columns[x]!;
    const hour = String(column.hour).padStart(2, '0');
    return t('common.format.heatCell', {
      row: rows[y]?.name ?? '',
      day: weekdayName(language, column.weekday, 'long'),
      hour: `${hour}:00`,
      zone: timeZone,
      value:
        params.seriesId === 'unoccupied'
          ? `${t('statistics.heat.overlay')}: ${format.heat(value, unit)}`
          : format.heat(value, unit),
    });
  };
  return {
    animation: false,
    tooltip: { formatter: tooltip, confine: true },
    grid: { left: LABEL_WIDTH, right: GRID_RIGHT, top: 28, bottom: 60 },
    xAxis: [
      {
        type: 'category',
        data: columns.map((column, i) => `${days[i]} ${column.hour}`),
        position: 'top',
        splitArea: { show: false },
        axisTick: { interval: 23 },
        axisLabel: {
          interval: (index: number) => index % 24 === 0,
          formatter: (_: string, index: number) => days[index],
        },
      },
      // The same columns again under the cells, labelled with their local hour every few hours.
      {
        type: 'category',
        data: columns.map((column) => String(column.hour)),
        position: 'bottom',
        splitArea: { show: false },
        axisTick: { interval: (index: number) => index % hourStep === 0 },
        axisLabel: {
          interval: (index: number) => index % hourStep === 0,
          fontSize: 10,
          margin: 4,
        },
      },
    ],
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((row) => row.name),
      axisLabel: { width: LABEL_WIDTH - 12, overflow: 'truncate' },
    },
    visualMap: [
      {
        min: 0,
        max,
        seriesIndex: 0,
        orient: 'horizontal',
        left: 'center',
        bottom: 4,
        itemHeight: 160,
        calculable: false,
        inRange: { color: [...HEAT_COLORS] },
        text: [format.heat(max, unit), format.heat(0, unit)],
      },
      // Heat map series need a visual map each: the overlay's draws only its outline.
      ...(overlay ? [{ show: false, seriesIndex: 1, min: 0, max: 1, inRange: { color: ['rgba(0,0,0,0)'] } }] : []),
    ],
    series: [
      { id: 'cells', type: 'heatmap', data, progressive: 0, itemStyle: { borderColor: '#fff', borderWidth: 0.5 } },
      ...(overlay
        ? [
            {
              id: 'unoccupied',
              type: 'heatmap',
              data: unoccupied,
              progressive: 0,
              itemStyle: { color: 'transparent', borderColor: UNOCCUPIED_COLOR, borderWidth: 2 },
            },
          ]
        : []),
    ],
  };
}
