import { REPORT_SECTIONS, type ReportCycleInput, type ReportSection } from '@lightwell/domain';
import { Card, Checkbox, Radio, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * One cycle of a project's e-mailed reports: on or off, the day it goes (the first or second day after its
 * period, at the cycle's fixed time) and the sections its report holds; `next` says when it goes next.
 */
export function CycleCard({
  value,
  next,
  canEdit,
  onChange,
}: {
  value: ReportCycleInput;
  next: string | null;
  canEdit: boolean;
  onChange: (value: ReportCycleInput) => void;
}) {
  const { t } = useTranslation();
  const { cycle } = value;
  return (
    <Card
      data-testid={`cycle-${cycle}`}
      title={t(`reportCycles.cycles.${cycle}`)}
      extra={
        <Switch
          checked={value.enabled}
          disabled={!canEdit}
          onChange={(enabled) => onChange({ ...value, enabled })}
          aria-label={t('reportCycles.settings.enabled', { cycle: t(`reportCycles.cycles.${cycle}`) })}
          data-testid={`cycle-${cycle}-enabled`}
        />
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Typography.Text strong>{t('reportCycles.settings.sendDay')}</Typography.Text>
          <br />
          <Radio.Group
            value={value.sendDay}
            disabled={!canEdit}
            onChange={(event) => onChange({ ...value, sendDay: event.target.value as 1 | 2 })}
            options={[1, 2].map((day) => ({
              value: day,
              label: t(`reportCycles.settings.sendDays.${cycle}.${day}`),
            }))}
            data-testid={`cycle-${cycle}-day`}
          />
        </div>
        <div>
          <Typography.Text strong>{t('reportCycles.settings.sections')}</Typography.Text>
          <br />
          <Checkbox.Group
            value={value.sections}
            disabled={!canEdit}
            onChange={(sections) => onChange({ ...value, sections: sections as ReportSection[] })}
            options={REPORT_SECTIONS.map((section) => ({
              value: section,
              label: t(`reportCycles.sections.${section}`),
            }))}
            data-testid={`cycle-${cycle}-sections`}
          />
        </div>
        <Typography.Text type="secondary" data-testid={`cycle-${cycle}-next`}>
          {value.enabled ? (next ?? t('reportCycles.settings.noNetworks')) : t('reportCycles.settings.off')}
        </Typography.Text>
      </Space>
    </Card>
  );
}
