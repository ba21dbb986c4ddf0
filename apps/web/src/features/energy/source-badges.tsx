import { energySourceKey } from '@lightwell/domain';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnergyFormat } from './format';

/** Wh or basis points per source (spec section 1: meter > D4i > estimate). */
export interface BySource {
  meter: number;
  d4i: number;
  estimate: number;
}

/** The sources in their order of trust. */
export const SOURCES = ['meter', 'd4i', 'estimate'] as const;

/** Colour of each source: the badges and the series chart share them. */
export const SOURCE_COLORS: Record<(typeof SOURCES)[number], string> = {
  meter: '#389e0d',
  d4i: '#1677ff',
  estimate: '#d48806',
};

/**
 * Where a figure came from: one badge per source that contributed, with its share (basis points when
 * given, else worked out from the Wh) and its energy. Sources that gave nothing are left out.
 */
export function SourceBadges({ wh, shares }: { wh: BySource; shares?: BySource }) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const total = wh.meter + wh.d4i + wh.estimate;
  const shown = SOURCES.filter((source) => wh[source] > 0 || (shares?.[source] ?? 0) > 0);
  return (
    <Space size={4} wrap data-testid="source-badges">
      {shown.map((source) => {
        const basisPoints = shares ? shares[source] : total > 0 ? (wh[source] / total) * 10_000 : 0;
        return (
          <Tag key={source} color={SOURCE_COLORS[source]} data-source={source} style={{ marginInlineEnd: 0 }}>
            {t('common.format.labelValueDetail', {
              label: t(energySourceKey(source)),
              value: format.share(basisPoints),
              detail: format.energy(wh[source]),
            })}
          </Tag>
        );
      })}
    </Space>
  );
}

/** The source that gave most of a row's energy, as one badge; nothing when the row has none. */
export function MainSourceBadge({ wh }: { wh: BySource }) {
  const { t } = useTranslation();
  const main = SOURCES.reduce<(typeof SOURCES)[number] | null>(
    (best, source) => (wh[source] > 0 && (best === null || wh[source] > wh[best]) ? source : best),
    null,
  );
  if (main === null) return null;
  return (
    <Tag color={SOURCE_COLORS[main]} data-source={main}>
      {t(energySourceKey(main))}
    </Tag>
  );
}
