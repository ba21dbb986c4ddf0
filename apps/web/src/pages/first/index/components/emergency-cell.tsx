import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverdueFigures, OverdueSummary } from '../../../../api/emergency';
import { OverdueCountTags } from '../../../../features/emergency/count-tag';

/** Figures of no fitting at all: a project none of whose networks holds an emergency fitting. */
export const NO_FITTINGS: OverdueFigures = {
  fittings: 0,
  overdue: 0,
  overdueFunction: 0,
  overdueDuration: 0,
  failed: 0,
  openFaults: 0,
};

/** The summary's networks added up per project (pid); a project missing from the map has no fitting. */
export function figuresByProject(networks: OverdueSummary['networks']): Map<number, OverdueFigures> {
  const out = new Map<number, OverdueFigures>();
  for (const { pid, fittings, overdue, overdueFunction, overdueDuration, failed, openFaults } of networks) {
    const sum = out.get(pid) ?? NO_FITTINGS;
    out.set(pid, {
      fittings: sum.fittings + fittings,
      overdue: sum.overdue + overdue,
      overdueFunction: sum.overdueFunction + overdueFunction,
      overdueDuration: sum.overdueDuration + overdueDuration,
      failed: sum.failed + failed,
      openFaults: sum.openFaults + openFaults,
    });
  }
  return out;
}

/**
 * A project's emergency lighting on home: fittings overdue for a test (orange), failed (red) and open
 * faults (red), or "All tested" (green) when there is none of them; a muted line without fittings and
 * "—" while the figures are not known. Each tag's title says what it counts.
 */
export function EmergencyCell({ figures }: { figures: OverdueFigures | undefined }) {
  const { t } = useTranslation();
  if (!figures) return '—';
  if (figures.fittings === 0) {
    return (
      <Typography.Text type="secondary" data-testid="home-emergency-none">
        {t('home.emergency.noFittings')}
      </Typography.Text>
    );
  }
  if (figures.overdue === 0 && figures.failed === 0 && figures.openFaults === 0) {
    return (
      <Tag
        color="green"
        data-testid="home-emergency-ok"
        title={t('home.emergency.allTestedTitle', { count: figures.fittings })}
      >
        {t('home.emergency.allTested')}
      </Tag>
    );
  }
  return (
    <Space size={[4, 4]} wrap>
      <OverdueCountTags
        figures={figures}
        testIdPrefix="home-emergency"
        overdueTitle={t('home.emergency.overdueTitle', {
          functionTest: figures.overdueFunction,
          durationTest: figures.overdueDuration,
        })}
      />
    </Space>
  );
}
