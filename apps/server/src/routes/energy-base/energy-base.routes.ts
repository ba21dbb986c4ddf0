import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { loadNetworkAccess, type NetworkAccess } from '../../policies/access.ts';
import { presentEnergyBase } from '../../presenters/energy-base.ts';
import { changeEnergyBase, loadVersions, networkToday } from '../../services/energy/tariffs.ts';
import { loadChoices } from '../../services/factor-set-choices.ts';

/**
 * A network's energy base (page `/setting/price`): price, dated tariff versions, CO2 factor set and
 * estimate defaults. Every member reads; owners and installers change; anyone else gets 1013.
 */
export function energyBaseRoutes(app: FastifyInstance): void {
  serveCall(app, 'energyBaseList', async ({ ctx, session, payload }) => {
    const accesses: NetworkAccess[] = [];
    // Every id is checked before anything is answered: one foreign or missing id refuses the whole call.
    for (const nid of new Set(payload.nids)) accesses.push(await loadNetworkAccess(ctx, session.uid, nid));
    const rows = accesses.map((access) => access.network);
    const versions = await loadVersions(ctx.db, rows);
    const choices = await loadChoices(ctx.db, rows);
    return accesses.map(({ network, members }) =>
      presentEnergyBase(
        network,
        networkToday(ctx, network),
        versions.get(network.id)!,
        choices.get(network.id)!,
        members,
        session.uid,
      ),
    );
  });

  serveCall(app, 'energyBaseUpdate', async ({ ctx, session, payload }) => {
    const { network, members } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const { nid: _nid, ...change } = payload;
    return changeEnergyBase(ctx, network, members, session.uid, change);
  });
}
