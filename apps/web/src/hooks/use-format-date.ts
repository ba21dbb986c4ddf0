import { formatDateTime } from '@lightwell/domain';
import { useCallback } from 'react';
import { useSession } from '../stores/session';

/** Formats epoch milliseconds as date and time in the signed-in user's time format (section 3). */
export function useFormatDateTime(): (value: number | Date) => string {
  const timeFormat = useSession((state) => state.timeFormat);
  return useCallback((value) => formatDateTime(value, timeFormat), [timeFormat]);
}
