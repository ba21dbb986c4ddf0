import {
  type CallPayload,
  Code,
  type NetworkLocation,
  ScheduleInputShape,
  scheduleInputProblems,
} from '@lightwell/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { networks, schedules } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { overlay } from '../../lib/overlay.ts';
import { serveCall } from '../../lib/serve-call.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { presentSchedule } from '../../presenters/schedule.ts';
import { recordAudit } from '../../services/audit.ts';
import { overridesBySchedule, resumeOverrides } from '../../services/commands/manual-overrides.ts';
import { sendCommand } from '../../services/commands/send-command.ts';
import { rollupsZoneOnChange } from '../../telemetry/index.ts';
import { authorizeConfigure } from '../group/authorize.ts';
import { assertTargetOfNetwork, findSchedule } from './schedule-queries.ts';

type ScheduleInput = Omit<CallPayload<'scheduleAdd'>, 'nid'>;

/** Columns of a schedule from its checked input; 1001 naming the problems when the fields disagree. */
function scheduleColumns(input: ScheduleInput) {
  const problems = scheduleInputProblems(input);
  if (problems.length > 0) throw new CallError(Code.badInput, problems.join('; '));
  const astro = input.kind === 'astro';
  return {
    kind: input.kind,
    name: input.name,
    enabled: input.enabled,
    targetKind: input.targetKind,
    targetId: input.targetId,
    action: input.action,
    year: input.year,
    month: input.month,
    day: input.day,
    dayOfWeek: input.dayOfWeek,
    // Astro timers take their time of day from the sun.
    hour: astro ? 0 : input.hour,
    minute: astro ? 0 : input.minute,
    second: astro ? 0 : input.second,
    astroEvent: input.astroEvent,
    astroShift: astro ? input.astroShift : 0,
    overrideEnd: input.overrideEnd,
    overrideValue: input.overrideValue,
  };
}

/** Schedules and astro timers (section 3 encoding) and the network location they use. */
export function scheduleRoutes(app: FastifyInstance): void {
  serveCall(app, 'scheduleList', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const rows = await ctx.db.select().from(schedules).where(eq(schedules.nid, payload.nid)).orderBy(asc(schedules.id));
    const now = ctx.now();
    const overrides = await overridesBySchedule(ctx.db, payload.nid);
    return {
      location: { latitude: network.latitude, longitude: network.longitude, timeZone: network.timeZone },
      list: rows.map((row) => presentSchedule(row, network, now, overrides.get(row.id) ?? null)),
    };
  });

  serveCall(app, 'scheduleResume', async ({ ctx, session, payload }) => {
    // Every member may switch lights by hand, so every member may hand them back to the schedules.
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    if (payload.scheduleId !== undefined) {
      const schedule = await findSchedule(ctx.db, payload.scheduleId);
      if (schedule.nid !== payload.nid) throw noPermission();
    }
    return { devices: await resumeOverrides(ctx, sendCommand, payload.nid, payload.scheduleId) };
  });

  serveCall(app, 'scheduleAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeConfigure(access);
    const { nid, ...input } = payload;
    const columns = scheduleColumns(input);
    await assertTargetOfNetwork(ctx.db, nid, input.targetKind, input.targetId);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schedules)
        .values({ nid, ...columns, createdBy: session.uid, createdAt: ctx.now(), updatedAt: ctx.now() })
        .returning();
      await recordAudit(tx, {
        action: 'schedule.add',
        actorUid: session.uid,
        pid: access.network.pid,
        nid,
        after: columns,
      });
      return presentSchedule(row!, access.network, ctx.now());
    });
  });

  serveCall(app, 'scheduleUpdate', async ({ ctx, session, payload }) => {
    const current = await findSchedule(ctx.db, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeConfigure(access);
    const { scheduleId, ...given } = payload;
    const input = overlay<ScheduleInput>(current, given, Object.keys(ScheduleInputShape));
    const columns = scheduleColumns(input);
    await assertTargetOfNetwork(ctx.db, current.nid, input.targetKind, input.targetId);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(schedules)
        .set({ ...columns, updatedAt: ctx.now() })
        .where(eq(schedules.id, scheduleId))
        .returning();
      await recordAudit(tx, {
        action: 'schedule.update',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: current.nid,
        before: { ...current, createdAt: undefined, updatedAt: undefined, lastRunAt: undefined },
        after: columns,
      });
      return presentSchedule(row!, access.network, ctx.now());
    });
  });

  serveCall(app, 'scheduleEnable', async ({ ctx, session, payload }) => {
    const current = await findSchedule(ctx.db, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeConfigure(access);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(schedules)
        .set({ enabled: payload.enabled, updatedAt: ctx.now() })
        .where(eq(schedules.id, current.id))
        .returning();
      await recordAudit(tx, {
        action: 'schedule.enable',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: current.nid,
        before: { id: current.id, enabled: current.enabled },
        after: { id: current.id, enabled: payload.enabled },
      });
      return presentSchedule(row!, access.network, ctx.now());
    });
  });

  serveCall(app, 'scheduleDelete', async ({ ctx, session, payload }) => {
    const current = await findSchedule(ctx.db, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeConfigure(access);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(schedules).where(eq(schedules.id, current.id));
      await recordAudit(tx, {
        action: 'schedule.delete',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: current.nid,
        before: { id: current.id, name: current.name },
      });
    });
    return null;
  });

  serveCall(app, 'networkLocationUpdate', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeConfigure(access);
    // Latitude and longitude come together or not at all (the call's rule); a field left out keeps its value.
    const location = overlay<NetworkLocation>(access.network, payload, ['latitude', 'longitude', 'timeZone']);
    await ctx.db.transaction(async (tx) => {
      // A new zone: the rollups of local days and months are rebuilt in it (telemetry/rezone.ts).
      const rollups = rollupsZoneOnChange(access.network, location.timeZone);
      await tx
        .update(networks)
        .set({ ...location, ...rollups })
        .where(eq(networks.id, access.network.id));
      await recordAudit(tx, {
        action: 'network.location',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: access.network.id,
        before: {
          latitude: access.network.latitude,
          longitude: access.network.longitude,
          timeZone: access.network.timeZone,
        },
        after: location,
      });
    });
    return location;
  });
}
