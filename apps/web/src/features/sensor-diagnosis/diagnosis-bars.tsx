import type { DiagnosisSensorResult } from '@lightwell/domain';
import { theme } from 'antd';

/** Most bars drawn per sensor: longer tasks add neighbouring intervals into one bar. */
const MAX_BARS = 60;

/** Counts per bar: the task's intervals, grouped so that at most {@link MAX_BARS} remain. */
export function barCounts(buckets: DiagnosisSensorResult['buckets'], bucketCount: number): number[] {
  const perBar = Math.max(1, Math.ceil(bucketCount / MAX_BARS));
  const bars = new Array<number>(Math.max(1, Math.ceil(bucketCount / perBar))).fill(0);
  for (const bucket of buckets) {
    const bar = Math.min(bars.length - 1, Math.floor(bucket.index / perBar));
    bars[bar] = (bars[bar] ?? 0) + bucket.count;
  }
  return bars;
}

/** A small bar list of one sensor's triggers per interval, scaled to the busiest bar of all sensors. */
export function DiagnosisBars({ counts, max, label }: { counts: number[]; max: number; label: string }) {
  const { token } = theme.useToken();
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="diagnosis-bars"
      style={{ display: 'flex', alignItems: 'flex-end', gap: 1, height: 28, minWidth: 120, maxWidth: 360 }}
    >
      {counts.map((count, index) => (
        <div
          // Bars are positions in time: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a bar is its interval
          key={index}
          style={{
            flex: 1,
            minWidth: 2,
            height: count === 0 ? 1 : `${Math.max(8, Math.round((count / Math.max(1, max)) * 100))}%`,
            background: count === 0 ? token.colorBorderSecondary : token.colorPrimary,
          }}
        />
      ))}
    </div>
  );
}
