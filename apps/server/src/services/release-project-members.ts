import { isProjectMember, type UserTypeValue } from '@lightwell/domain';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isProjectMemberSql } from '../db/queries/projects.ts';
import { networks, networkUsers, projects, projectUsers, users } from '../db/schema.ts';
import { createDefaultProject } from './create-default-project.ts';

/**
 * Ends the project membership of each of `uids` in project `pid` who no longer belongs to it
 * (`isProjectMember`: neither its creator nor a member of one of its live networks). Call it in the
 * transaction of a change that took network roles away: a member removed or leaving, an owner handing
 * ownership on, a network deleted or moved to another project. Whoever had it as default project gets
 * their most recently changed remaining project instead, or a new default project when none is left, so
 * every account keeps one. Answers the users who left the project.
 */
export async function releaseProjectMembers(db: Db, pid: number, uids: readonly number[]): Promise<number[]> {
  if (uids.length === 0) return [];
  const [project] = await db.select({ createdBy: projects.createdBy }).from(projects).where(eq(projects.id, pid));
  const roles = await db
    .select({ uid: networkUsers.uid, userType: networkUsers.userType })
    .from(networkUsers)
    .innerJoin(networks, eq(networks.id, networkUsers.nid))
    .where(and(eq(networks.pid, pid), isNull(networks.deletedAt), inArray(networkUsers.uid, [...uids])));
  const released: number[] = [];
  for (const uid of new Set(uids)) {
    const held = roles.filter((role) => role.uid === uid).map((role) => role.userType as UserTypeValue);
    if (isProjectMember(project?.createdBy === uid, held)) continue;
    const [left] = await db
      .delete(projectUsers)
      .where(and(eq(projectUsers.pid, pid), eq(projectUsers.uid, uid)))
      .returning({ isDefault: projectUsers.isDefault });
    if (!left) continue;
    released.push(uid);
    if (left.isDefault) await chooseDefaultProject(db, uid);
  }
  return released;
}

/** Makes the user's most recently changed project their default, or gives them a new default project. */
async function chooseDefaultProject(db: Db, uid: number): Promise<void> {
  const [next] = await db
    .select({ pid: projectUsers.pid })
    .from(projectUsers)
    .innerJoin(projects, eq(projects.id, projectUsers.pid))
    .where(and(eq(projectUsers.uid, uid), isProjectMemberSql(uid)))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(1);
  if (next) {
    await db
      .update(projectUsers)
      .set({ isDefault: true })
      .where(and(eq(projectUsers.uid, uid), eq(projectUsers.pid, next.pid)));
    return;
  }
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, uid));
  await createDefaultProject(db, uid, user?.language ?? 0);
}
