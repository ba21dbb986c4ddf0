import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizePlanEdit } from '../../policies/network-edit.ts';
import { deleteNode } from '../../services/zones/delete-node.ts';
import { findNode } from '../../services/zones/load-zones.ts';
import { addNode, updateNode } from '../../services/zones/save-node.ts';

/** Nodes (devices) placed on the network map: add a plain node, move or restyle it, delete it (section 3). */
export function nodeRoutes(app: FastifyInstance): void {
  serveCall(app, 'nodeAdd', async ({ ctx, session, payload }) => {
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, payload.nid));
    return addNode(ctx, payload);
  });

  serveCall(app, 'nodeUpdate', async ({ ctx, session, payload }) => {
    const node = await findNode(ctx.db, payload.nodeId);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, node.nid));
    return updateNode(ctx, node, payload);
  });

  serveCall(app, 'nodeDelete', async ({ ctx, session, payload }) => {
    const node = await findNode(ctx.db, payload.nodeId);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, node.nid));
    await deleteNode(ctx, node);
    return null;
  });
}
