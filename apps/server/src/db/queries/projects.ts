import { canAddNetworkToProject, type UserTypeValue } from '@lightwell/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { networks, networkUsers, projects, users } from '../schema.ts';

/**
 * SQL condition on `projects`: `uid` belongs to the project (`isProjectMember`) — created it, or is a member
 * of one of its live networks. A `project_users` row alone (the user's default choice) is not enough, so a
 * row left behind gives nothing.
 */
export function isProjectMemberSql(uid: number): SQL {
  return sql`(${projects.createdBy} = ${uid} OR EXISTS (SELECT 1 FROM ${networkUsers} INNER JOIN ${networks} ON ${networks.id} = ${networkUsers.nid} WHERE ${networkUsers.uid} = ${uid} AND ${networks.pid} = ${projects.id} AND ${networks.deletedAt} IS NULL))`;
}

/** What a member is told about a project besides its own fields: whose it is and what they may do in it. */
export interface ProjectFacts {
  /** Name of the user who created the project (its owner), '' when that account is gone. */
  ownerName: string;
  /** The caller created the project. */
  isCreator: boolean;
  /** The caller may add a network to the project (see `canAddNetworkTo`). */
  canAddNetwork: boolean;
}

/**
 * Owner names and the caller's rights for several projects at once (who may add a network:
 * `canAddNetworkToProject`).
 */
export async function projectFacts(db: Db, uid: number, pids: readonly number[]): Promise<Map<number, ProjectFacts>> {
  const facts = new Map<number, ProjectFacts>();
  if (pids.length === 0) return facts;
  const rows = await db
    .select({ id: projects.id, createdBy: projects.createdBy, ownerName: users.name })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.createdBy))
    .where(inArray(projects.id, [...pids]));
  const memberships = await db
    .select({ pid: networks.pid, userType: networkUsers.userType })
    .from(networkUsers)
    .innerJoin(networks, eq(networks.id, networkUsers.nid))
    .where(and(eq(networkUsers.uid, uid), isNull(networks.deletedAt), inArray(networks.pid, [...pids])));
  for (const row of rows) {
    const isCreator = row.createdBy === uid;
    const roles = memberships.filter((m) => m.pid === row.id).map((m) => m.userType as UserTypeValue);
    facts.set(row.id, {
      ownerName: row.ownerName ?? '',
      isCreator,
      canAddNetwork: canAddNetworkToProject(isCreator, roles),
    });
  }
  return facts;
}

/** The facts of one project for the caller (the caller's membership is checked elsewhere). */
export async function projectFactsOf(db: Db, uid: number, pid: number): Promise<ProjectFacts> {
  return (await projectFacts(db, uid, [pid])).get(pid) ?? { ownerName: '', isCreator: false, canAddNetwork: false };
}
