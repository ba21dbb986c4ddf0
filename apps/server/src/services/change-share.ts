import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks, networkUsers, shares } from '../db/schema.ts';
import { ensureProjectMembers, loadMembers } from '../policies/access.ts';
import { recordAudit } from './audit.ts';
import { grantNetworkRole, linkInvalid, mayGrant, spendShare } from './share-links.ts';

/** A share row. */
type ShareRow = typeof shares.$inferSelect;

/**
 * Accepts a checked network or project share for user `uid` in one transaction: the link is spent, and `uid`
 * gets the shared role in each network the sharer may still grant it in (the network itself, or the
 * project's networks the sharer belongs to), with the project's membership; 1065 `gone` when none is left.
 * Audited.
 */
export function acceptShare(
  ctx: AppContext,
  uid: number,
  row: ShareRow,
): Promise<{ kind: 'network' | 'project'; targetId: number; pid: number }> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await spendShare(tx, ctx, uid, row.id);
    const targets: number[] = [];
    let pid = row.pid!;
    if (row.nid !== null) {
      const [network] = await tx
        .select()
        .from(networks)
        .where(and(eq(networks.id, row.nid), isNull(networks.deletedAt)));
      if (!network) throw linkInvalid('gone');
      targets.push(network.id);
      // The network may have moved to another project since the link was sent.
      pid = network.pid;
    } else {
      const inProject = await tx
        .select({ id: networks.id })
        .from(networks)
        .innerJoin(networkUsers, eq(networkUsers.nid, networks.id))
        .where(and(eq(networks.pid, row.pid!), isNull(networks.deletedAt), eq(networkUsers.uid, row.sharerUid)));
      targets.push(...inProject.map((n) => n.id));
    }
    let granted = 0;
    for (const nid of targets) {
      if (!mayGrant(await loadMembers(tx, nid), row.sharerUid, row.userType)) continue;
      await grantNetworkRole(txCtx, nid, uid, row.userType);
      granted += 1;
    }
    // A share grants network roles and nothing else; the project comes with them and never alone. When
    // the sharer may no longer grant any (removed, demoted, networks gone), the link gives nothing: 1065.
    if (granted === 0) throw linkInvalid('gone');
    await ensureProjectMembers(tx, pid, [uid]);
    await recordAudit(tx, {
      action: 'share.accept',
      actorUid: uid,
      pid,
      nid: row.nid,
      after: { uid: uid, userType: row.userType },
    });
    return { kind: row.kind as 'network' | 'project', targetId: (row.nid ?? pid)!, pid };
  });
}

/** Revokes a pending share: its link stops working; audited. */
export async function revokeShare(ctx: AppContext, uid: number, row: ShareRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.update(shares).set({ status: 'revoked' }).where(eq(shares.id, row.id));
    await recordAudit(tx, {
      action: 'share.revoke',
      actorUid: uid,
      pid: row.pid,
      nid: row.nid,
      before: { email: row.email },
    });
  });
}
