import type { ReportSection } from '@lightwell/domain';
import { Button, Card, Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportPeriodPicker } from '../../../../../features/reports/report-period';
import { FormatChoice } from '../../components/format-choice';
import { type ProjectReportChoice, SECTIONS } from '../use-report-download-page';

/**
 * What a project report covers: some of the project's networks (none chosen: all of the user's networks of
 * the project), a period, the sections and the file format; nothing is asked without a section.
 */
export function ProjectReportForm({
  networks,
  choice,
  onChange,
  today,
  submitting,
  onSubmit,
}: {
  networks: readonly { id: number; name: string }[];
  choice: ProjectReportChoice;
  onChange: (choice: ProjectReportChoice) => void;
  today: string;
  submitting: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const set = (part: Partial<ProjectReportChoice>) => onChange({ ...choice, ...part });
  return (
    <Card title={t('project.reports.download.formTitle')}>
      <Form layout="vertical" onFinish={onSubmit} data-testid="project-report-form">
        <Form.Item label={t('project.reports.form.networks')} extra={t('project.reports.download.networksHelp')}>
          <Select<number[]>
            mode="multiple"
            allowClear
            aria-label={t('project.reports.form.networks')}
            placeholder={t('project.reports.download.allNetworks')}
            value={choice.nids}
            onChange={(nids) => set({ nids })}
            options={networks.map((network) => ({ value: network.id, label: network.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ maxWidth: 560 }}
            data-testid="report-networks"
          />
        </Form.Item>
        <Form.Item label={t('project.reports.form.period')} extra={t('project.reports.form.periodHelp')}>
          <ReportPeriodPicker value={choice.period} onChange={(period) => set({ period })} today={today} />
        </Form.Item>
        <Form.Item
          label={t('project.reports.form.sections')}
          validateStatus={choice.sections.length === 0 ? 'error' : undefined}
          help={choice.sections.length === 0 ? t('project.reports.download.sectionRequired') : undefined}
        >
          <Checkbox.Group<ReportSection>
            value={choice.sections}
            onChange={(sections) => set({ sections })}
            options={SECTIONS.map((section) => ({ value: section, label: t(`project.reports.sections.${section}`) }))}
            data-testid="report-sections"
          />
        </Form.Item>
        <Form.Item label={t('project.reports.form.format')}>
          <FormatChoice value={choice.format} onChange={(format) => set({ format })} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={submitting}
          disabled={choice.sections.length === 0}
          data-testid="report-create"
        >
          {t('project.reports.form.create')}
        </Button>
      </Form>
    </Card>
  );
}
