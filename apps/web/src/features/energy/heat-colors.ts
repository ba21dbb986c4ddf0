/** Colours of a heat scale, low to high: the matrix's visual map and the plan's zones and nodes share them. */
export const HEAT_COLORS = ['#fff7e6', '#ffd591', '#fa8c16', '#d4380d', '#871400'] as const;

/** Colour of the cells lit while nobody was there (matrix overlay). */
export const UNOCCUPIED_COLOR = '#1677ff';

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The scale's colour of `value` between 0 and `max` (the lowest colour for 0 or no maximum). */
export function heatColor(value: number, max: number): string {
  const position = max > 0 ? Math.min(Math.max(value / max, 0), 1) * (HEAT_COLORS.length - 1) : 0;
  const low = Math.floor(position);
  const high = Math.min(low + 1, HEAT_COLORS.length - 1);
  const a = channels(HEAT_COLORS[low]!);
  const b = channels(HEAT_COLORS[high]!);
  const mix = a.map((channel, i) => Math.round(channel + (b[i]! - channel) * (position - low)));
  return `#${mix.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}
