import { format } from 'date-fns';
import { datePattern } from './time-format.ts';

// Apart from the time-format constants, so a module that needs only those does not bring date-fns.

/** Formats a date (or epoch ms) as a date in the user's time format. */
export function formatDate(value: Date | number, timeFormat: number): string {
  return format(value, datePattern(timeFormat));
}

/** Formats a date (or epoch ms) as date and 24-hour time in the user's time format. */
export function formatDateTime(value: Date | number, timeFormat: number): string {
  return format(value, `${datePattern(timeFormat)} HH:mm:ss`);
}
