import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type OverdueFigures, useOverdueSummaryQuery } from '../../../../api/emergency';
import { OverdueCountTags } from '../../../../features/emergency/count-tag';
import { builtPathOfIndex } from '../../../../route-table';

/** Menu index of the emergency element page (section 5). */
const EMERGENCY_INDEX = '5-1';

/**
 * The network's emergency lighting as it stands now: its fittings, those overdue for a function or a
 * duration test, those whose last test failed and the open faults, with the way to the emergency page;
 * one muted line when the network has no emergency fitting, nothing until the figures are known.
 */
export function EmergencySummary({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const summary = useOverdueSummaryQuery(nid);
  if (!summary.data) return null;
  const figures: OverdueFigures = summary.data.totals;
  if (figures.fittings === 0) {
    return (
      <Typography.Paragraph type="secondary" data-testid="network-emergency-none">
        {t('statistics.emergency.none')}
      </Typography.Paragraph>
    );
  }
  return (
    <Card
      size="small"
      title={t('statistics.emergency.title')}
      extra={<Link to={builtPathOfIndex(EMERGENCY_INDEX) ?? '/'}>{t('statistics.emergency.open')}</Link>}
      data-testid="network-emergency"
      style={{ marginBottom: 16 }}
    >
      <Flex wrap gap={8} align="center">
        <Tag data-testid="network-emergency-fittings">
          {t('statistics.emergency.fittings', { count: figures.fittings })}
        </Tag>
        <OverdueCountTags
          figures={figures}
          testIdPrefix="network-emergency"
          overdueTitle={t('statistics.emergency.overdueTitle')}
        />
        {figures.overdue > 0 && (
          <Typography.Text type="secondary" data-testid="network-emergency-split">
            {t('statistics.emergency.split', {
              functionTest: figures.overdueFunction,
              durationTest: figures.overdueDuration,
            })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
