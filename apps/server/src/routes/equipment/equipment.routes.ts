import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { listMemberNetworks, memberNetworksWhere } from '../../db/queries/networks.ts';
import { users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { loadNetworkAccess, loadProjectAccess, type NetworkRow, noPermission } from '../../policies/access.ts';
import { buildEquipmentStatistics } from '../../services/equipment/build-equipment-statistics.ts';
import { exportEquipmentStatistics } from '../../services/equipment/export-equipment.ts';

const byName = (a: NetworkRow, b: NetworkRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/**
 * The networks of project `pid` whose statistics `uid` may read: every network named, each one a live
 * network of the project in which they hold a role (any role); without `nids`, every such network of the
 * project. A project they do not belong to, or one network named that is someone else's, of another project
 * or missing, refuses the whole call with 1013 (never telling which).
 */
async function loadMemberScope(ctx: AppContext, uid: number, pid: number, nids: readonly number[] | undefined) {
  const { project } = await loadProjectAccess(ctx, uid, pid);
  let list: NetworkRow[];
  if (nids) {
    list = [];
    for (const nid of nids) {
      const { network } = await loadNetworkAccess(ctx, uid, nid);
      if (network.pid !== pid) throw noPermission();
      list.push(network);
    }
  } else {
    list = (await listMemberNetworks(ctx.db, memberNetworksWhere(uid, { pid }))).rows;
  }
  return { project: { id: project.id, name: project.name }, networks: list.sort(byName) };
}

/** Network equipment statistics (2-9) and their export; 1050 with zero figures when no network is left. */
export function equipmentRoutes(app: FastifyInstance): void {
  serveCall(app, 'equipmentStatistic', async ({ ctx, session, payload }) => {
    const scope = await loadMemberScope(ctx, session.uid, payload.pid, payload.nids);
    const statistics = await buildEquipmentStatistics(ctx, scope.project, scope.networks);
    return scope.networks.length === 0 ? new Answer(Code.emptyList, statistics) : statistics;
  });

  serveCall(app, 'equipmentExport', async ({ ctx, session, payload }) => {
    const scope = await loadMemberScope(ctx, session.uid, payload.pid, payload.nids);
    const [user] = await ctx.db
      .select({ language: users.language, timeFormat: users.timeFormat })
      .from(users)
      .where(eq(users.id, session.uid));
    const statistics = await buildEquipmentStatistics(ctx, scope.project, scope.networks);
    const file = await exportEquipmentStatistics(ctx, statistics, {
      format: payload.format,
      language: user?.language ?? 0,
      timeFormat: user?.timeFormat ?? 1,
    });
    return scope.networks.length === 0 ? new Answer(Code.emptyList, file) : file;
  });
}
