/** Width of a sparkline in CSS pixels: 30 days at about 3 px each. */
export const SPARKLINE_WIDTH = 96;

/** A line of daily values drawn as a small SVG (no chart library on the home page). */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = SPARKLINE_WIDTH;
  const height = 28;
  const max = Math.max(...values, 0);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(height - 2 - (max > 0 ? (value / max) * (height - 4) : 0)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      className="lw-sparkline"
    >
      <title>{label}</title>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
