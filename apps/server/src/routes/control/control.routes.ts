import { COMMAND_REFUSAL_CODES, type CommandAction, type SceneState, type TaskSummary } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { memberNetworksWhere } from '../../db/queries/networks.ts';
import { devices, networks, networkUsers, sceneDevices, scenes } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, loadProjectAccess, noPermission } from '../../policies/access.ts';
import { beginOverrides } from '../../services/commands/manual-overrides.ts';
import { type CommandRequest, resolveTargetDevices, sendCommand } from '../../services/commands/send-command.ts';

/** Built-in scenes (section 5): 1 all off, 2 all 50 %, 3 all on, sent as light commands to every luminaire. */
const BUILT_IN_SCENES: Record<number, { onOff: 0 | 1; lightness?: number }> = {
  1: { onOff: 0 },
  2: { onOff: 1, lightness: 50 },
  3: { onOff: 1, lightness: 100 },
};

const REFUSAL_CODES = new Set<number>(Object.values(COMMAND_REFUSAL_CODES));

/** Sends a user's command by hand; the devices it reaches start a manual override of their schedules. */
async function sendByHand(ctx: AppContext, request: CommandRequest): Promise<TaskSummary> {
  const task = await sendCommand(ctx, request);
  await beginOverrides(ctx, request.nid, request.deviceIds);
  return task;
}

/**
 * Each device's stored state of a scene, keyed by the MAC of the real device that receives it (a virtual
 * member counts as the real device it is bound to), for the devices the recall goes to.
 */
async function sceneStates(db: Db, sceneId: number, deviceIds: number[]): Promise<SceneState[]> {
  const members = await db
    .select({
      deviceId: sceneDevices.deviceId,
      isVirtual: devices.isVirtual,
      boundId: devices.boundId,
      onOff: sceneDevices.onOff,
      lightness: sceneDevices.lightness,
      cct: sceneDevices.cct,
    })
    .from(sceneDevices)
    .innerJoin(devices, eq(devices.id, sceneDevices.deviceId))
    .where(eq(sceneDevices.sceneId, sceneId));
  if (deviceIds.length === 0) return [];
  const macs = new Map(
    (await db.select({ id: devices.id, mac: devices.mac }).from(devices).where(inArray(devices.id, deviceIds))).map(
      (row) => [row.id, row.mac],
    ),
  );
  const states: SceneState[] = [];
  for (const member of members) {
    const mac = macs.get(member.isVirtual ? (member.boundId ?? -1) : member.deviceId);
    if (!mac) continue;
    states.push({
      mac,
      onOff: member.onOff === 0 ? 0 : 1,
      lightness: member.lightness,
      ...(member.cct === null ? {} : { cct: member.cct }),
    });
  }
  return states;
}

/**
 * Remote control (sections 4 and 5): every member of a network may switch, dim and recall scenes; a
 * foreign user gets 1013. Each call answers the task the command became; refusals answer 1070-1075.
 */
export function controlRoutes(app: FastifyInstance): void {
  serveCall(app, 'controlLight', async ({ ctx, session, payload }) => {
    const { target } = payload;
    // Both refuse a foreign network or device alike (1013); the devices are read while access is checked.
    const [, deviceIds] = await Promise.all([
      loadNetworkAccess(ctx, session.uid, payload.nid),
      resolveTargetDevices(ctx.db, payload.nid, target, true),
    ]);
    const action: CommandAction = {
      op: 'light',
      onOff: payload.onOff,
      lightness: payload.lightness,
      cct: payload.cct,
      fadeMs: payload.fadeMs ?? 0,
    };
    return sendByHand(ctx, {
      nid: payload.nid,
      uid: session.uid,
      gatewayId: payload.gatewayId,
      targetKind: target.kind,
      targetId: target.kind !== 'network' && target.ids?.length === 1 ? target.ids[0]! : null,
      deviceIds,
      action,
    });
  });

  serveCall(app, 'controlScene', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const [scene] = await ctx.db
      .select()
      .from(scenes)
      .where(and(eq(scenes.id, payload.sceneId), eq(scenes.nid, payload.nid)))
      .limit(1);
    if (!scene) throw noPermission();
    const builtIn = scene.builtIn === null ? undefined : BUILT_IN_SCENES[scene.builtIn];
    const request = { nid: payload.nid, uid: session.uid, gatewayId: payload.gatewayId, targetKind: 'scene' as const };
    if (builtIn) {
      const deviceIds = await resolveTargetDevices(ctx.db, payload.nid, { kind: 'network' }, true);
      const action: CommandAction = { op: 'light', ...builtIn, fadeMs: Math.round(scene.fadeTime * 1000) };
      return sendByHand(ctx, { ...request, targetId: scene.id, deviceIds, action });
    }
    const deviceIds = await resolveTargetDevices(ctx.db, payload.nid, { kind: 'scene', ids: [scene.id] });
    return sendByHand(ctx, {
      ...request,
      targetId: scene.id,
      deviceIds,
      action: { op: 'scene', sceneNumber: scene.number, states: await sceneStates(ctx.db, scene.id, deviceIds) },
    });
  });

  serveCall(app, 'controlProject', async ({ ctx, session, payload }) => {
    await loadProjectAccess(ctx, session.uid, payload.pid);
    const rows = await ctx.db
      .select({ id: networks.id })
      .from(networks)
      .innerJoin(networkUsers, eq(networkUsers.nid, networks.id))
      .where(memberNetworksWhere(session.uid, { pid: payload.pid }))
      .orderBy(networks.id);
    const action: CommandAction = { op: 'light', onOff: payload.onOff, lightness: payload.lightness, fadeMs: 0 };
    const result = {
      tasks: [] as TaskSummary[],
      skipped: [] as { nid: number; code: number }[],
    };
    for (const { id: nid } of rows) {
      const deviceIds = await resolveTargetDevices(ctx.db, nid, { kind: 'network' }, true);
      try {
        result.tasks.push(
          await sendByHand(ctx, {
            nid,
            uid: session.uid,
            targetKind: 'project',
            targetId: payload.pid,
            deviceIds,
            action,
          }),
        );
      } catch (error) {
        if (!(error instanceof CallError) || !REFUSAL_CODES.has(error.code)) throw error;
        result.skipped.push({ nid, code: error.code });
      }
    }
    return result;
  });
}
