import { Code, type Member, type NetworkAbilities, networkAbilities, type UserTypeValue } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { isProjectMemberSql } from '../db/queries/projects.ts';
import { networks, networkUsers, projects, projectUsers } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';

/** The one answer for someone else's id and for an id that does not exist: never tell them apart. */
export function noPermission(): CallError {
  return new CallError(Code.noPermission, 'Not permitted, or the project or network does not exist.');
}

/** A network row. */
export type NetworkRow = typeof networks.$inferSelect;

/** A network as one member sees it: the row, all members, the caller's membership and abilities. */
export interface NetworkAccess {
  network: NetworkRow;
  members: Member[];
  me: Member;
  abilities: NetworkAbilities;
}

/** Members of a network. */
export async function loadMembers(db: Db, nid: number): Promise<Member[]> {
  const rows = await db
    .select({ uid: networkUsers.uid, userType: networkUsers.userType })
    .from(networkUsers)
    .where(eq(networkUsers.nid, nid));
  return rows.map((row) => ({ uid: row.uid, userType: row.userType as UserTypeValue }));
}

/**
 * Loads a live network for a member; anyone else gets 1013 whether or not the id exists.
 * `deleted: true` loads a network from the recycle bin instead.
 */
export async function loadNetworkAccess(
  ctx: AppContext,
  uid: number,
  nid: number,
  options: { deleted?: boolean } = {},
): Promise<NetworkAccess> {
  const [network] = await ctx.db.select().from(networks).where(eq(networks.id, nid)).limit(1);
  if (!network || (network.deletedAt !== null) !== (options.deleted ?? false)) throw noPermission();
  const members = await loadMembers(ctx.db, nid);
  const me = members.find((m) => m.uid === uid);
  if (!me) throw noPermission();
  return { network, members, me, abilities: networkAbilities(members, uid) };
}

/** Refuses with 1013 unless `allowed`. */
export function authorize(allowed: boolean): void {
  if (!allowed) throw noPermission();
}

/**
 * A project the user belongs to (`isProjectMember`: its creator, or a member of one of its live networks),
 * with whether they created it and whether it is their default; 1013 for anyone else, existing or not.
 */
export async function loadProjectAccess(ctx: AppContext, uid: number, pid: number) {
  const [row] = await ctx.db
    .select({ project: projects, isDefault: projectUsers.isDefault })
    .from(projectUsers)
    .innerJoin(projects, eq(projects.id, projectUsers.pid))
    .where(and(eq(projectUsers.pid, pid), eq(projectUsers.uid, uid), isProjectMemberSql(uid)))
    .limit(1);
  if (!row) throw noPermission();
  return { ...row, isCreator: row.project.createdBy === uid };
}

/**
 * Makes sure each user has a project row (a network's members see the project holding it). Call it only
 * for users who hold a role in a live network of the project: the row alone grants nothing.
 */
export async function ensureProjectMembers(db: Db, pid: number, uids: number[]): Promise<void> {
  if (uids.length === 0) return;
  await db
    .insert(projectUsers)
    .values(uids.map((uid) => ({ pid, uid, isDefault: false })))
    .onConflictDoNothing();
}
