import { Code, epochSeconds, type Profile, ProfileSettingsSchema, type ProfileSummary } from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { networks, profiles, users, zones } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';

/** A profile row. */
export type ProfileRow = typeof profiles.$inferSelect;

/** The one answer for a profile the caller may not see and for one that does not exist. */
const profileNotFound = () => new CallError(Code.noPermission, 'Not permitted, or the profile does not exist.');

/** Section 6: system default profiles cannot be edited or deleted. */
const profileReadOnly = () =>
  new CallError(Code.profileReadOnly, 'System default profiles cannot be edited or deleted.');

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
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
  if (!row || !canApplyProfile(row, uid)) throw profileNotFound();
  return row;
}

/** A profile row by id, or undefined. */
export async function findProfile(db: Db, id: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
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

/** How many zones and networks a profile is applied to (networks in the recycle bin included). */
export async function profileUsage(db: Db, id: number): Promise<{ zones: number; networks: number }> {
  const [z] = await db.select({ n: count() }).from(zones).where(eq(zones.configId, id));
  const [n] = await db.select({ n: count() }).from(networks).where(eq(networks.configId, id));
  return { zones: z?.n ?? 0, networks: n?.n ?? 0 };
}

/** Name of a profile's creator ('' for system profiles). */
async function creatorName(db: Db, row: ProfileRow): Promise<string> {
  if (row.ownerUid === null) return '';
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.ownerUid));
  return user?.name ?? '';
}

/**
 * A profile as one user sees it. The network it was made for and where it is applied are shown to its
 * owner only, so a public profile tells nobody else about the owner's networks.
 */
export async function presentProfileSummary(db: Db, row: ProfileRow, uid: number): Promise<ProfileSummary> {
  const mine = !row.isSystem && row.ownerUid === uid;
  const usage = mine ? await profileUsage(db, row.id) : { zones: 0, networks: 0 };
  return {
    id: row.id,
    name: row.name,
    isSystem: row.isSystem,
    isPublic: row.isPublic,
    mine,
    creatorName: await creatorName(db, row),
    nid: mine ? row.nid : null,
    zoneCount: usage.zones,
    networkCount: usage.networks,
    updatedAt: epochSeconds(row.updatedAt),
  };
}

/** A profile with its settings, read back through the settings schema. */
export async function presentProfile(db: Db, row: ProfileRow, uid: number): Promise<Profile> {
  return { ...(await presentProfileSummary(db, row, uid)), settings: ProfileSettingsSchema.parse(row.settings) };
}
