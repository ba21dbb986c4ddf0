import type { DiagnosisState } from '@lightwell/domain';
import type { TFunction } from 'i18next';

/** Tag colours of the task states. */
export const STATE_COLORS: Record<DiagnosisState, string> = {
  waiting: 'default',
  executing: 'processing',
  executed: 'success',
  canceled: 'warning',
};

/** An interval or range in seconds as text: "10 s", "5 min", "1 h 30 min". */
export function durationText(t: TFunction, seconds: number): string {
  if (seconds < 60 || seconds % 60 !== 0) return t('common.units.seconds', { value: seconds });
  const minutes = seconds / 60;
  if (minutes < 60) return t('device.diagnosis.units.minutes', { value: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? t('common.units.hours', { value: hours })
    : t('device.diagnosis.units.hoursMinutes', { hours, minutes: rest });
}
