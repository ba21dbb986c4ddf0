import type { Schedule } from '@lightwell/domain';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../hooks/use-format-instant';

/**
 * A schedule's manual override (section 4): how many devices were switched by hand and until when, with
 * a button that hands them back to the schedules now; a dash when none is overridden. The end is shown in
 * the network's time zone.
 */
export function OverrideStatus({
  schedule,
  timeZone,
  onResume,
}: {
  schedule: Schedule;
  timeZone?: string;
  onResume: () => void;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const override = schedule.override;
  if (!override) return <Typography.Text type="secondary">—</Typography.Text>;
  const until =
    override.endsAt === null
      ? t('schedule.overrideState.untilNext', { count: override.devices })
      : t('schedule.overrideState.until', {
          count: override.devices,
          time: formatInstant(override.endsAt, { timeZone }),
        });
  return (
    <Space direction="vertical" size={2} data-testid="schedule-override">
      <Typography.Text>{until}</Typography.Text>
      <Button size="small" onClick={onResume} data-testid="schedule-resume">
        {t('schedule.actions.resume')}
      </Button>
    </Space>
  );
}
