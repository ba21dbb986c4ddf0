import { formatInstant } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';

/** The period figures cover, in the network's zone and the user's time format: "From … to …". */
export function usePeriodText(period: { start: number; end: number; timeZone: string } | undefined): string | null {
  const { t } = useTranslation();
  const timeFormat = useSession((state) => state.timeFormat);
  if (!period) return null;
  const at = (epochSeconds: number) => formatInstant(epochSeconds, { timeZone: period.timeZone, timeFormat });
  return t('statistics.period.range', { start: at(period.start), end: at(period.end), zone: period.timeZone });
}
