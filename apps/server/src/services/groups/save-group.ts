import type { CallPayload, Group } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { groups } from '../../db/schema.ts';
import type { GroupRow } from '../../presenters/group.ts';
import { recordAudit } from '../audit.ts';
import { loadGroup } from './load-groups.ts';

/** Who changes groups of which network. */
export interface GroupActor {
  uid: number;
  network: Pick<NetworkRow, 'id' | 'pid'>;
}

/** The fields of a new group. */
type NewGroup = Pick<CallPayload<'groupAdd'>, 'type' | 'name' | 'category' | 'image'>;
/** The fields a group's edit sets (undefined leaves a field as it is). */
type GroupChanges = Pick<CallPayload<'groupUpdate'>, 'name' | 'category' | 'image'>;

/** Adds a group to the actor's network, with its audit event in the same transaction (section 3). */
export function addGroup(ctx: AppContext, actor: GroupActor, fields: NewGroup): Promise<Group> {
  const nid = actor.network.id;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(groups)
      .values({
        nid,
        type: fields.type,
        name: fields.name,
        category: fields.category,
        image: fields.image ?? null,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    await recordAudit(tx, {
      action: 'group.add',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid,
      after: { id: row!.id, name: row!.name, type: row!.type },
    });
    return loadGroup(tx, row!.id);
  });
}

/** Renames a group or changes its category or picture. */
export async function updateGroup(ctx: AppContext, group: GroupRow, changes: GroupChanges): Promise<Group> {
  await ctx.db
    .update(groups)
    .set({ name: changes.name, category: changes.category, image: changes.image, updatedAt: ctx.now() })
    .where(eq(groups.id, group.id));
  return loadGroup(ctx.db, group.id);
}
