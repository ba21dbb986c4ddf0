import { Code, type ElementReading, type MeshCallName, meshCalls } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { gateways } from '../../db/schema.ts';
import { applyReport, type DeviceReport, liveEventsOf, secretMatches } from '../../gateway-link/index.ts';
import type { LinkedGateway } from '../../link-types.ts';
import { fillNetworkLocation } from '../../services/mesh/fill-network-location.ts';
import { markGatewaySeen } from '../../services/mesh/mark-gateway-seen.ts';
import { storeReports } from '../../telemetry/index.ts';

type Body<N extends MeshCallName> = z.output<(typeof meshCalls)[N]['body']>;

/** The gateway whose sn and secret the body carries, or null. */
async function authenticateGateway(ctx: AppContext, sn: string, secret: string): Promise<LinkedGateway | null> {
  const [row] = await ctx.db
    .select({ id: gateways.id, nid: gateways.nid, sn: gateways.sn, secretHash: gateways.secretHash })
    .from(gateways)
    .where(eq(gateways.sn, sn))
    .limit(1);
  if (!row || !secretMatches(secret, row.secretHash)) return null;
  await markGatewaySeen(ctx, row.id);
  return { id: row.id, nid: row.nid, sn: row.sn };
}

/** Turns a report call's body into the report the MQTT path also applies. */
function reportOf(name: Exclude<MeshCallName, 'meshLbs'>, body: Body<MeshCallName>): DeviceReport {
  if (name === 'meshLightConsume') {
    const b = body as Body<'meshLightConsume'>;
    return { kind: 'consume', seq: b.seq, mac: b.mac, at: b.at, onSeconds: b.onSeconds, energyWh: b.energyWh };
  }
  if (name === 'meshSensorTrigger') {
    const b = body as Body<'meshSensorTrigger'>;
    return { kind: 'sensorTrigger', seq: b.seq, mac: b.mac, at: b.at, count: b.count };
  }
  const { uid: _uid, token: _token, elements: _elements, ...report } = body as Body<'meshEmergencyNode'>;
  return { kind: 'emergency', ...report };
}

/**
 * Mesh-prefix HTTP calls of section 7, sent by gateways: authenticated by the gateway's sn (`uid`) and
 * secret (`token`), 1012 when they do not match; reports are applied exactly as their MQTT twins.
 */
export function meshRoutes(app: FastifyInstance): void {
  for (const name of Object.keys(meshCalls) as MeshCallName[]) {
    const call = meshCalls[name];
    app.route({
      method: 'POST',
      url: call.path,
      schema: { body: call.body, tags: ['mesh'], summary: call.summary, operationId: name },
      handler: async (request, reply) => {
        const { ctx } = app;
        const body = request.body as Body<typeof name>;
        const gateway = await authenticateGateway(ctx, body.uid, body.token);
        if (!gateway) {
          return reply.send({ code: Code.sessionInvalid, data: null, message: 'Wrong gateway id or secret.' });
        }
        if (name === 'meshLbs') {
          const b = body as Body<'meshLbs'>;
          await fillNetworkLocation(ctx, gateway.nid, b);
          return reply.send({ code: Code.ok, data: null });
        }
        const report = reportOf(name, body);
        // Readings sent with the call are stored as a `readings` report of the same number; the answer
        // comes after the commit, so it confirms them as `storedUpTo` does over MQTT. When they carry
        // on-time, that is the usage the report adds (once), not the consumption's `onSeconds` as well.
        const readings = (body as { elements?: ElementReading[] }).elements;
        const usage = !readings?.some((reading) => reading.onSeconds !== undefined);
        const applied = await applyReport(ctx.db, gateway, report, ctx.now(), { usage });
        if (readings) {
          const at = report.at;
          await storeReports(
            ctx.db,
            [
              {
                gateway,
                reports: [
                  { kind: 'readings', seq: report.seq, at, devices: [{ mac: report.mac, elements: readings }] },
                ],
              },
            ],
            ctx.now(),
          );
        }
        const events = await liveEventsOf(ctx.db, applied);
        await Promise.all(events.map((event) => ctx.live.publish(event).catch(() => undefined)));
        return reply.send({ code: Code.ok, data: null });
      },
    });
  }
}
