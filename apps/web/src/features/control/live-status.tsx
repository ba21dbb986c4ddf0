import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../live';

const COLORS: Record<LiveStatus, string> = { connecting: 'default', open: 'success', reconnecting: 'warning' };

/** Whether the page is receiving live updates. */
export function LiveStatusTag({ status }: { status: LiveStatus | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Tag color={COLORS[status]} data-testid="live-status" data-status={status}>
      {t(`control.live.${status}`)}
    </Tag>
  );
}
