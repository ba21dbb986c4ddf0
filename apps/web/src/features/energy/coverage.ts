import { type Coverage, formatCivilDate, zonedParts } from '@lightwell/domain';
import { useCallback } from 'react';
import { useSession } from '../../stores/session';

/**
 * The first day of stored data of a period the data does not fully cover, in `timeZone` and the user's
 * date format; null when the period is covered or there is no data at all (nothing to compare).
 */
export function useDataFromDate(): (coverage: Coverage, timeZone: string) => string | null {
  const timeFormat = useSession((state) => state.timeFormat);
  return useCallback(
    (coverage, timeZone) =>
      coverage.complete || coverage.dataFrom === null
        ? null
        : formatCivilDate(zonedParts(new Date(coverage.dataFrom * 1000), timeZone), timeFormat),
    [timeFormat],
  );
}
