import { actionPreview, Code } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizeEmergency } from '../../policies/network-edit.ts';
import { startEmergencyAction } from '../../services/emergency/actions.ts';
import { loadPreviewFittings, resolveEmergencyFittings } from '../../services/emergency/fittings.ts';

/** Duration options of a call as the service takes them. */
function durationOf(payload: { durationKind?: 'preset' | 'batteryEmpty' | 'custom'; durationMinutes?: number }) {
  const kind = payload.durationKind ?? 'preset';
  return kind === 'custom' && payload.durationMinutes !== undefined
    ? { kind, minutes: payload.durationMinutes }
    : { kind };
}

/**
 * Emergency actions on fittings (docs/commands.md "Emergency actions"): owners and installers preview and
 * run function tests, duration tests, stop, inhibit and resume; sub-users and foreign users get 1013.
 */
export function emergencyActionRoutes(app: FastifyInstance): void {
  serveCall(app, 'emergencyActionPreview', async ({ ctx, session, payload }) => {
    authorizeEmergency(await loadNetworkAccess(ctx, session.uid, payload.nid));
    const ids = await resolveEmergencyFittings(ctx.db, payload.nid, payload.target);
    if (ids.length === 0) throw new CallError(Code.noDeviceSelected, 'No emergency fitting selected.');
    const fittings = await loadPreviewFittings(ctx.db, payload.nid, ids);
    return actionPreview(fittings, payload.action, payload, ctx.now());
  });

  serveCall(app, 'emergencyAction', async ({ ctx, session, payload }) => {
    authorizeEmergency(await loadNetworkAccess(ctx, session.uid, payload.nid));
    return startEmergencyAction(ctx, {
      networkId: payload.nid,
      target: payload.target,
      action: payload.action,
      by: { userId: session.uid },
      ...(payload.gatewayId === undefined ? {} : { gatewayId: payload.gatewayId }),
      ...(payload.action === 'durationTest' ? { duration: durationOf(payload) } : {}),
      ...(payload.inhibitMinutes === undefined ? {} : { inhibitMinutes: payload.inhibitMinutes }),
    });
  });
}
