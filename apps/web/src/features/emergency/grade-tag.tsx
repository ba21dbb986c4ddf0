import { EMERGENCY_MODES, EmergencyLimits, type Grade, type LastResult } from '@lightwell/domain';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colour of each grade: passing green, late gold, failing red, stopped and voided grey, missed orange. */
const GRADE_COLORS: Record<Grade, string> = {
  passed: 'success',
  passedLate: 'gold',
  failed: 'error',
  failedLate: 'error',
  stopped: 'default',
  missed: 'orange',
  voided: 'default',
};

/** A test's one final grade as a coloured tag ("Passed late", "Missed"). */
export function GradeTag({ grade }: { grade: Grade }) {
  const { t } = useTranslation();
  return (
    <Tag color={GRADE_COLORS[grade]} data-grade={grade}>
      {t(`emergencyPages.grades.${grade}`)}
    </Tag>
  );
}

/**
 * Achieved against rated minutes of a duration test ("52 of 180 min"), or nothing. A fitting reports the
 * duration in 2-minute steps, so under one step reads "< 2 min", not "0 of 180 min".
 */
export function minutesText(
  t: (key: string, options?: Record<string, unknown>) => string,
  achieved: number | null,
  rated: number | null,
): string {
  if (achieved === null) return '';
  if (achieved < EmergencyLimits.durationStepMinutes) {
    return t('emergencyPages.minutesUnderStep', { step: EmergencyLimits.durationStepMinutes });
  }
  return rated === null
    ? t('emergencyPages.minutes', { count: achieved })
    : t('emergencyPages.minutesOfRated', { achieved, rated });
}

/**
 * The last result of one kind of test: grade tag, when, and for duration tests the minutes and whether it
 * was a partial one (not the yearly test); "—" when none.
 */
export function LastResultCell({ result, format }: { result: LastResult | null; format: (at: number) => string }) {
  const { t } = useTranslation();
  if (!result) return <Typography.Text type="secondary">{t('emergencyPages.none')}</Typography.Text>;
  const notes = [
    minutesText(t, result.achievedMinutes, result.ratedMinutes),
    result.partial ? t('emergencyPages.partialNote') : '',
  ].filter(Boolean);
  return (
    <span className="lw-emergency-result">
      <GradeTag grade={result.grade} />
      <Typography.Text type="secondary">{[format(result.at), ...notes].join(' · ')}</Typography.Text>
    </span>
  );
}

/** A mode code 0-10 by name; "unknown" before the first report. */
export function modeName(t: (key: string) => string, mode: number | null): string {
  const name = mode === null ? undefined : EMERGENCY_MODES[mode];
  return name ? t(`emergencyPages.modes.${name}`) : t('emergencyPages.modeUnknown');
}
