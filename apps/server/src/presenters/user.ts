import type { LanguageCode, TimeFormat, User } from '@lightwell/domain';
import type { UserRow } from '../db/queries/users.ts';

/** The fields of a user that may leave the server (never the password hash). */
export function presentUser(row: UserRow): User {
  return {
    uid: row.id,
    name: row.name,
    email: row.email,
    timeFormat: row.timeFormat as TimeFormat,
    weekStart: row.weekStart,
    pageNumber: row.pageNumber as User['pageNumber'],
    language: row.language as LanguageCode,
  };
}
