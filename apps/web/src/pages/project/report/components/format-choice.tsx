import type { ReportFormat } from '@lightwell/domain';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

const FORMATS: readonly ReportFormat[] = ['pdf', 'csv', 'xlsx'];

/** The file format of a report download: PDF, CSV or Excel. */
export function FormatChoice({ value, onChange }: { value: ReportFormat; onChange: (format: ReportFormat) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(event) => onChange(event.target.value as ReportFormat)}
      optionType="button"
      options={FORMATS.map((format) => ({ value: format, label: t(`project.reports.formats.${format}`) }))}
      data-testid="report-format"
    />
  );
}
