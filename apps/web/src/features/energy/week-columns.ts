import { weekdaysFrom } from '@lightwell/domain';

/** Hours in a week: the columns of a heat map. */
export const HOURS_OF_WEEK = 168;

/** One column of the matrix: the cell index it shows (Monday 00:00 = 0) and its local weekday and hour. */
export interface WeekColumn {
  cell: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  hour: number;
}

/**
 * The 168 columns of a heat map in the order the user reads a week: from their first day of the week
 * (`weekStart`, 1 Monday … 7 Sunday), hour 0 to 23 of each day. Cells come Monday first from the server.
 */
export function weekColumns(weekStart: number): WeekColumn[] {
  return weekdaysFrom(weekStart).flatMap((weekday) =>
    Array.from({ length: 24 }, (_, hour) => ({ cell: (weekday - 1) * 24 + hour, weekday, hour })),
  );
}

/** A row's 168 cells reordered to the columns: value of column i is `cells[columns[i].cell]`. */
export function cellsInColumns(cells: readonly number[], columns: readonly WeekColumn[]): number[] {
  return columns.map((column) => cells[column.cell] ?? 0);
}

/** A short weekday name in the interface language ("Mon", "周一"). */
export function weekdayName(language: string, isoWeekday: number, width: 'short' | 'long' = 'short'): string {
  // 4 January 2026 was a Sunday: day 4 + n is ISO weekday n.
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 4 + isoWeekday),
  );
}
