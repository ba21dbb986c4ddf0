import type { ProfileScope } from '@lightwell/domain';
import { and, asc, count, desc, eq, gt, inArray, ne, type SQL } from 'drizzle-orm';
import { hashToken } from '../../lib/tokens.ts';
import type { Db } from '../client.ts';
import { networks, profiles, shares, users, zones } from '../schema.ts';

/** A profile row. */
export type ProfileRow = typeof profiles.$inferSelect;

/** A profile row by id, or undefined. */
export async function findProfile(db: Db, id: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row;
}

/**
 * A profile row by id, locked in transaction `tx` until it ends, or undefined: an apply and a delete
 * running at the same time meet on this lock.
 */
export async function lockProfile(tx: Db, id: number): Promise<ProfileRow | undefined> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
  return row;
}

/** How many zones and networks a profile is applied to (networks in the recycle bin included). */
export async function profileUsage(db: Db, id: number): Promise<{ zones: number; networks: number }> {
  const [z] = await db.select({ n: count() }).from(zones).where(eq(zones.configId, id));
  const [n] = await db.select({ n: count() }).from(networks).where(eq(networks.configId, id));
  return { zones: z?.n ?? 0, networks: n?.n ?? 0 };
}

/** Name of a profile's creator ('' for system profiles). */
export async function profileCreatorName(db: Db, row: ProfileRow): Promise<string> {
  if (row.ownerUid === null) return '';
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.ownerUid));
  return user?.name ?? '';
}

/** Which rows a list scope shows (3-1 mine, 3-2 other users' public ones, 3-3 system defaults). */
function scopeCondition(scope: ProfileScope, uid: number): SQL {
  if (scope === 'default') return eq(profiles.isSystem, true);
  if (scope === 'mine') return and(eq(profiles.isSystem, false), eq(profiles.ownerUid, uid))!;
  return and(eq(profiles.isSystem, false), eq(profiles.isPublic, true), ne(profiles.ownerUid, uid))!;
}

/**
 * One page of the profiles a list scope shows to `uid`, with the count of all of them: system defaults in
 * the order they were seeded, the others newest change first.
 */
export async function pageOfProfiles(
  db: Db,
  uid: number,
  scope: ProfileScope,
  paging: { page: number; pageSize: number },
): Promise<{ rows: ProfileRow[]; total: number }> {
  const where = scopeCondition(scope, uid);
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  const rows = await db
    .select()
    .from(profiles)
    .where(where)
    .orderBy(...(scope === 'default' ? [asc(profiles.id)] : [desc(profiles.updatedAt), desc(profiles.id)]))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** Those of `emails` that already hold a pending, unexpired share link to profile `profileId` at `now`. */
export async function pendingProfileShareEmails(
  db: Db,
  profileId: number,
  emails: string[],
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ email: shares.email })
    .from(shares)
    .where(
      and(
        eq(shares.kind, 'config'),
        eq(shares.configId, profileId),
        eq(shares.status, 'pending'),
        gt(shares.expiresAt, now),
        inArray(shares.email, emails),
      ),
    );
  return rows.map((row) => row.email);
}

/** The profile share link whose token is `link`, or undefined (a network share's token is not one). */
export async function findProfileShare(db: Db, link: string): Promise<typeof shares.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.tokenHash, hashToken(link)), eq(shares.kind, 'config')))
    .limit(1);
  return row;
}
