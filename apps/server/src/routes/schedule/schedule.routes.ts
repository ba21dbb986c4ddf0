import {
  type CallPayload,
  Code,
  type NetworkLocation,
  ScheduleInputShape,
  scheduleInputProblems,
} from '@lightwell/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schedules } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { overlay } from '../../lib/overlay.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizeConfigure } from '../../policies/network-edit.ts';
import { presentSchedule } from '../../presenters/schedule.ts';
import { addSchedule, deleteSchedule, enableSchedule, updateSchedule } from '../../services/change-schedule.ts';
import { overridesBySchedule, resumeOverrides } from '../../services/commands/manual-overrides.ts';
import { sendCommand } from '../../services/commands/send-command.ts';
import { setNetworkLocation } from '../../services/set-network-location.ts';
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
    const row = await addSchedule(ctx, { uid: session.uid, network: access.network }, columns);
    return presentSchedule(row, access.network, ctx.now());
  });

  serveCall(app, 'scheduleUpdate', async ({ ctx, session, payload }) => {
    const current = await findSchedule(ctx.db, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeConfigure(access);
    const { scheduleId: _scheduleId, ...given } = payload;
    const input = overlay<ScheduleInput>(current, given, Object.keys(ScheduleInputShape));
    const columns = scheduleColumns(input);
    await assertTargetOfNetwork(ctx.db, current.nid, input.targetKind, input.targetId);
    const row = await updateSchedule(ctx, { uid: session.uid, network: access.network }, current, columns);
    return presentSchedule(row, access.network, ctx.now());
  });

  serveCall(app, 'scheduleEnable', async ({ ctx, session, payload }) => {
    const current = await findSchedule(ctx.db, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeConfigure(access);
    const row = await enableSchedule(ctx, { uid: session.uid, network: access.network }, current, payload.enabled);
    return presentSchedule(row, access.network, ctx.now());
  });

  serveCall(app, 'scheduleDelete', async ({ ctx, session, payload }) => {
    const current = await findSchedule(ctx.db, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeConfigure(access);
    await deleteSchedule(ctx, { uid: session.uid, network: access.network }, current);
    return null;
  });

  serveCall(app, 'networkLocationUpdate', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeConfigure(access);
    // Latitude and longitude come together or not at all (the call's rule); a field left out keeps its value.
    const location = overlay<NetworkLocation>(access.network, payload, ['latitude', 'longitude', 'timeZone']);
    await setNetworkLocation(ctx, session.uid, access.network, location);
    return location;
  });
}
