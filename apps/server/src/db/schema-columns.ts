import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/* Columns that tables of every schema module share, defined once. */

/** A point in time (`timestamptz`). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** When the row last changed. */
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** A required reference to `target`: the row goes when the row it points at is deleted. */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });
