import { Code } from '@lightwell/domain';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { findProfile, lockProfile, type ProfileRow } from '../db/queries/profiles.ts';
import { CallError } from '../lib/call-error.ts';

/** The one answer for a profile the caller may not see and for one that does not exist. */
const profileNotFound = () => new CallError(Code.noPermission, 'Not permitted, or the profile does not exist.');

/** Section 6: system default profiles cannot be edited or deleted. */
const profileReadOnly = () =>
  new CallError(Code.profileReadOnly, 'System default profiles cannot be edited or deleted.');

/** Whether a profile is `uid`'s own (a system default is nobody's). */
export function isOwnProfile(row: ProfileRow, uid: number): boolean {
  return !row.isSystem && row.ownerUid === uid;
}

/** Whether `uid` may see a profile: system defaults, public ones and their own. */
function canSeeProfile(row: ProfileRow, uid: number): boolean {
  return row.isSystem || row.isPublic || row.ownerUid === uid;
}

/**
 * Whether `uid` may apply a profile to zones and networks: system defaults and their own. Another user's
 * profile, public or not, is copied first, so nobody pins someone else's profile in use (1080).
 */
function canApplyProfile(row: ProfileRow, uid: number): boolean {
  return row.isSystem || row.ownerUid === uid;
}

/**
 * A profile the caller may apply, locked in transaction `tx` so a delete running at the same time either
 * sees it in use or is seen gone here; 1013 otherwise (missing and not applicable alike).
 */
export async function lockApplicableProfile(tx: Db, uid: number, id: number): Promise<ProfileRow> {
  const row = await lockProfile(tx, id);
  if (!row || !canApplyProfile(row, uid)) throw profileNotFound();
  return row;
}

/** A profile the caller may see; 1013 otherwise (missing and hidden alike). */
export async function loadVisibleProfile(ctx: AppContext, uid: number, id: number): Promise<ProfileRow> {
  const row = await findProfile(ctx.db, id);
  if (!row || !canSeeProfile(row, uid)) throw profileNotFound();
  return row;
}

/** The caller's own profile for a change: 1081 for a system profile, 1013 for anyone else's or a missing one. */
export async function loadOwnProfile(ctx: AppContext, uid: number, id: number): Promise<ProfileRow> {
  const row = await findProfile(ctx.db, id);
  if (row?.isSystem) throw profileReadOnly();
  if (!row || row.ownerUid !== uid) throw profileNotFound();
  return row;
}
