import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverdueFigures } from '../../api/emergency';

/** A count of emergency fittings as a tag: in its alarm colour while above zero, plain at zero. */
function CountTag({
  count,
  alarm,
  testId,
  title,
  children,
}: {
  count: number;
  alarm: 'orange' | 'red';
  testId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Tag color={count > 0 ? alarm : undefined} data-testid={testId} title={title}>
      {children}
    </Tag>
  );
}

/**
 * The fittings overdue for a test (orange), failed (red) and the open faults (red) as three tags, each
 * plain at zero and titled with what it counts (home's project column and the network overview). Test ids
 * are `<testIdPrefix>-overdue`, `-failed` and `-faults`; `overdueTitle` is the overdue tag's title.
 */
export function OverdueCountTags({
  figures,
  testIdPrefix,
  overdueTitle,
}: {
  figures: OverdueFigures;
  testIdPrefix: string;
  overdueTitle: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CountTag count={figures.overdue} alarm="orange" testId={`${testIdPrefix}-overdue`} title={overdueTitle}>
        {t('statistics.emergency.overdue', { count: figures.overdue })}
      </CountTag>
      <CountTag
        count={figures.failed}
        alarm="red"
        testId={`${testIdPrefix}-failed`}
        title={t('statistics.emergency.failedTitle')}
      >
        {t('statistics.emergency.failed', { count: figures.failed })}
      </CountTag>
      <CountTag
        count={figures.openFaults}
        alarm="red"
        testId={`${testIdPrefix}-faults`}
        title={t('statistics.emergency.faultsTitle')}
      >
        {t('statistics.emergency.faults', { count: figures.openFaults })}
      </CountTag>
    </>
  );
}
