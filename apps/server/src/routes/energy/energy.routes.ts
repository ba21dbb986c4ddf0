import { type EnergySpan, epochSeconds, periodEndingAt, spanOf } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serveCall } from '../../http/serve-call.ts';
import { loadNetworkAccess, type NetworkAccess } from '../../policies/access.ts';
import { buildHeatMap, buildNetworkEnergy, buildPortfolio } from '../../services/energy/energy-views.ts';

/** The period a statistics call asks for: the span ending at `until` (default now), in the network's zone. */
function periodOf(ctx: AppContext, access: NetworkAccess, span: EnergySpan, until?: number) {
  return periodEndingAt(until ?? epochSeconds(ctx.now()), spanOf(span), access.network.timeZone);
}

/**
 * Energy and sensor statistics of a network (spec sections 1, 2, 7): the four heat maps, the network data
 * overview and the portfolio home. Every member of a network reads them; anyone else gets 1013.
 */
export function energyRoutes(app: FastifyInstance): void {
  type HeatCall = 'zoneHeatSensor' | 'zoneHeatPower' | 'deviceHeatSensor' | 'deviceHeatPower';
  const heat = (name: HeatCall, metric: 'triggers' | 'energy', by: 'zone' | 'device') =>
    serveCall(app, name, async ({ ctx, session, payload }) => {
      const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
      const zid = 'zid' in payload ? payload.zid : undefined;
      return buildHeatMap(ctx.db, access.network, periodOf(ctx, access, payload.span, payload.until), metric, by, zid);
    });
  heat('zoneHeatSensor', 'triggers', 'zone');
  heat('zoneHeatPower', 'energy', 'zone');
  heat('deviceHeatSensor', 'triggers', 'device');
  heat('deviceHeatPower', 'energy', 'device');

  serveCall(app, 'networkEnergy', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    return buildNetworkEnergy(
      ctx.db,
      access.network,
      periodOf(ctx, access, payload.span, payload.until),
      epochSeconds(ctx.now()),
    );
  });

  serveCall(app, 'portfolio', async ({ ctx, session }) => buildPortfolio(ctx.db, session.uid, epochSeconds(ctx.now())));
}
