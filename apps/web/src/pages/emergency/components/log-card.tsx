import { Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { FittingSelect } from './fitting-select';
import { PeriodSelect } from './period-select';
import type { LogPage, LogQuery } from './use-log-query';

/**
 * The card of a log page: its title, the period and fitting pickers (then the page's own `filters`) in
 * its corner, and the page's table inside.
 */
export function LogCard<Q extends LogQuery>({
  log,
  title,
  testId,
  filters,
  children,
}: {
  log: LogPage<Q>;
  title: string;
  testId: string;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <Space wrap>
          <PeriodSelect timeZone={log.timeZone} value={log.periodChoice} onChange={log.choosePeriod} />
          <FittingSelect
            nid={log.nid}
            value={log.query.deviceId}
            onChange={(deviceId) => log.filter({ deviceId } as Partial<Q>)}
          />
          {filters}
        </Space>
      }
    >
      {children}
    </Card>
  );
}
