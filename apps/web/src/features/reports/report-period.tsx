import { type EnergySpan, formatCivilDate, localDateOf, type ReportJob } from '@lightwell/domain';
import { DatePicker, type DatePickerProps, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { PERIOD_SPANS, spanKey } from '../energy/spans';

/** The period a report is asked for: a section-9 span, or a custom range of local days (both ends included). */
export type ReportPeriodChoice = { kind: 'span'; span: EnergySpan } | { kind: 'range'; from: string; to: string };

/** Longest custom range in local days (`ReportLimits.maxRangeDays` of the report calls). */
const MAX_RANGE_DAYS = 366;

const RANGE = 'range';
type PickedDay = Exclude<Parameters<NonNullable<DatePickerProps['onChange']>>[0], unknown[]>;

/** A date-fns date pattern as antd's (dayjs) format: yyyy → YYYY, dd → DD. */
const pickerFormat = (pattern: string) => pattern.replace('yyyy', 'YYYY').replace('dd', 'DD');
const DATE_PATTERNS = ['yyyy-MM-dd', 'MM/dd/yyyy', 'dd/MM/yyyy'];

/**
 * Chooses a report's period: the statistics spans of section 9 ("Last 7 days", "Last 3 months"…), or a
 * custom range of whole local days in each network's own time zone, at most 366 days, none in the future.
 */
export function ReportPeriodPicker({
  value,
  onChange,
  today,
}: {
  value: ReportPeriodChoice;
  onChange: (value: ReportPeriodChoice) => void;
  /** The local date today (`YYYY-MM-DD`): later days cannot be chosen. */
  today: string;
}) {
  const { t } = useTranslation();
  const timeFormat = useSession((state) => state.timeFormat);
  const format = pickerFormat(DATE_PATTERNS[timeFormat] ?? DATE_PATTERNS[1]!);
  const onPick = (days: [PickedDay | null, PickedDay | null] | null) => {
    const [from, to] = days ?? [null, null];
    if (from && to) onChange({ kind: 'range', from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
  };
  return (
    <Space wrap>
      <Select<string>
        aria-label={t('project.reports.form.period')}
        data-testid="report-period"
        style={{ minWidth: 200 }}
        value={value.kind === 'span' ? value.span : RANGE}
        popupMatchSelectWidth={false}
        onChange={(choice) =>
          onChange(
            choice === RANGE ? { kind: 'range', from: today, to: today } : { kind: 'span', span: choice as EnergySpan },
          )
        }
        options={[
          ...PERIOD_SPANS.map((span) => ({ value: span, label: t(spanKey(span)) })),
          { value: RANGE, label: t('project.reports.form.customRange') },
        ]}
      />
      {value.kind === 'range' && (
        <DatePicker.RangePicker
          data-testid="report-range"
          aria-label={t('project.reports.form.range')}
          format={format}
          allowClear={false}
          disabledDate={(day: Dayjs, info) => {
            const text = day.format('YYYY-MM-DD');
            if (text > today) return true;
            const picked = info?.from;
            return picked ? Math.abs(day.diff(picked, 'day')) >= MAX_RANGE_DAYS : false;
          }}
          onChange={(days) => onPick(days as [PickedDay | null, PickedDay | null] | null)}
        />
      )}
    </Space>
  );
}

/** The local date (`YYYY-MM-DD`) of an instant in a zone. */
export function localDateText(at: number, timeZone: string): string {
  const { year, month, day } = localDateOf(at, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * How a report's period reads in its list: the span's name and its days, or the custom range, in the user's
 * date format and the zone of the report's first network.
 */
export function useReportPeriodText(): (
  job: Pick<ReportJob, 'period' | 'periodStart' | 'periodEnd' | 'networks'>,
) => string {
  const { t } = useTranslation();
  const timeFormat = useSession((state) => state.timeFormat);
  return (job) => {
    const zone = job.networks[0]?.timeZone ?? 'UTC';
    const day = (at: number) => formatCivilDate(localDateOf(at, zone), timeFormat);
    const days = t('common.format.range', { from: day(job.periodStart), to: day(job.periodEnd - 1) });
    return job.period.kind === 'span' ? `${t(spanKey(job.period.span))} (${days})` : days;
  };
}
