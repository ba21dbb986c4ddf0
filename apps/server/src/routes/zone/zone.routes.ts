import { normaliseFloorPlanView } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { viewStates } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizePlanEdit } from '../../policies/network-edit.ts';
import { deleteZone } from '../../services/zones/delete-zone.ts';
import { findZone, loadZoneMap } from '../../services/zones/load-zones.ts';
import { saveViewState } from '../../services/zones/save-view-state.ts';
import { addZone, setZoneProfile, updateZone } from '../../services/zones/save-zone.ts';

/** Zones of the network map, and each member's view of it (spec sections 3, 5 and 9). */
export function zoneRoutes(app: FastifyInstance): void {
  serveCall(app, 'zoneList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    return loadZoneMap(ctx.db, payload.nid);
  });

  serveCall(app, 'zoneAdd', async ({ ctx, session, payload }) => {
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, payload.nid));
    return addZone(ctx, session.uid, payload);
  });

  serveCall(app, 'zoneUpdate', async ({ ctx, session, payload }) => {
    const zone = await findZone(ctx.db, payload.zid);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, zone.nid));
    return updateZone(ctx, session.uid, zone, payload);
  });

  serveCall(app, 'zoneConfig', async ({ ctx, session, payload }) => {
    const zone = await findZone(ctx.db, payload.zid);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, zone.nid));
    return setZoneProfile(ctx, session.uid, zone, payload.configId);
  });

  serveCall(app, 'zoneDelete', async ({ ctx, session, payload }) => {
    const zone = await findZone(ctx.db, payload.zid);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, zone.nid));
    await deleteZone(ctx, zone);
    return null;
  });

  serveCall(app, 'viewStateGet', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const [row] = await ctx.db
      .select()
      .from(viewStates)
      .where(and(eq(viewStates.uid, session.uid), eq(viewStates.nid, payload.nid)))
      .limit(1);
    // No saved view: null, and the console opens the plan fitted to the window (docs/decisions.md).
    return row ? normaliseFloorPlanView(row) : null;
  });

  serveCall(app, 'viewStateSave', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    return saveViewState(ctx, session.uid, payload.nid, payload);
  });
}
