import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * A count of emergency fittings as a tag: in its alarm colour while above zero, plain at zero; the title
 * says what it counts (home's project column and the network overview).
 */
export function CountTag({
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
