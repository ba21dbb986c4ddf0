import {
  type CallPayload,
  Code,
  EmergencyScheduleInputShape,
  type EmergencyTarget,
  type OverdueNetwork,
} from '@lightwell/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { emergencySchedules, emergencyTestRecords, networks, networkUsers, projects } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { overlay } from '../../lib/overlay.ts';
import { loadNetworkAccess, loadProjectAccess } from '../../policies/access.ts';
import { authorizeEmergency } from '../../policies/network-edit.ts';
import { presentEmergencySchedule } from '../../presenters/emergency.ts';
import {
  addEmergencySchedule,
  deleteEmergencySchedule,
  updateEmergencySchedule,
} from '../../services/emergency/change-emergency-schedule.ts';
import { correctTestRecord } from '../../services/emergency/correct-test-record.ts';
import { loadEmergencyElements } from '../../services/emergency/elements.ts';
import { fittingsOfTarget, loadFittings, noFitting } from '../../services/emergency/fittings.ts';
import { overdueFigures, presentTestRecords } from '../../services/emergency/records.ts';
import { emergencyFaultRoutes } from './emergency-faults.routes.ts';
import { emergencyRecordRoutes } from './emergency-records.routes.ts';

type ScheduleInput = Omit<CallPayload<'emergencyScheduleAdd'>, 'nid'>;

/** The target's ids must be the network's fittings, zones or groups: checked by resolving it (1071 when empty). */
async function assertTarget(ctx: AppContext, nid: number, target: EmergencyTarget) {
  const fittings = fittingsOfTarget(await loadFittings(ctx.db, nid), target);
  if (target.kind !== 'network' && fittings.length === 0) throw noFitting();
  return fittings;
}

function scheduleColumns(input: ScheduleInput) {
  // An update may change the kind alone: the month is then checked on the whole record.
  if (input.testKind === 'duration' && input.month === null) {
    throw new CallError(Code.badInput, 'month: a yearly duration test needs a month.');
  }
  if (input.testKind === 'duration' && input.durationKind === 'custom' && input.durationMinutes === null) {
    throw new CallError(Code.badInput, 'durationMinutes: a custom duration test needs its minutes.');
  }
  return {
    name: input.name,
    enabled: input.enabled,
    testKind: input.testKind,
    day: input.day,
    month: input.testKind === 'duration' ? input.month : null,
    minuteOfDay: input.minuteOfDay,
    durationKind: input.durationKind,
    durationMinutes: input.durationKind === 'custom' ? input.durationMinutes : null,
    maxDelayMinutes: input.maxDelayMinutes,
    stagger: input.stagger,
    target: input.target,
  };
}

async function findEmergencySchedule(ctx: AppContext, scheduleId: number) {
  const [row] = await ctx.db.select().from(emergencySchedules).where(eq(emergencySchedules.id, scheduleId)).limit(1);
  if (!row) throw new CallError(Code.noPermission, 'Not permitted, or the schedule does not exist.');
  return row;
}

/** Emergency lighting: element info, actions, self-test schedules, overdue summary (docs/api.md). */
export function emergencyRoutes(app: FastifyInstance): void {
  serveCall(app, 'emergencyScheduleList', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const rows = await ctx.db
      .select()
      .from(emergencySchedules)
      .where(eq(emergencySchedules.nid, payload.nid))
      .orderBy(asc(emergencySchedules.id));
    const data = {
      timeZone: network.timeZone,
      list: rows.map((r) => presentEmergencySchedule(r, network.timeZone, ctx.now())),
    };
    return rows.length === 0 ? new Answer(Code.emptyList, data) : data;
  });

  serveCall(app, 'emergencyScheduleAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeEmergency(access);
    const { nid, ...input } = payload;
    const columns = scheduleColumns(input);
    await assertTarget(ctx, nid, input.target);
    const now = ctx.now();
    const row = await addEmergencySchedule(ctx, { uid: session.uid, network: access.network }, columns, now);
    return presentEmergencySchedule(row, access.network.timeZone, now);
  });

  serveCall(app, 'emergencyScheduleUpdate', async ({ ctx, session, payload }) => {
    const current = await findEmergencySchedule(ctx, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeEmergency(access);
    const { scheduleId: _scheduleId, ...given } = payload;
    const input = overlay<ScheduleInput>(current, given, Object.keys(EmergencyScheduleInputShape));
    const columns = scheduleColumns(input);
    await assertTarget(ctx, current.nid, input.target);
    const now = ctx.now();
    const actor = { uid: session.uid, network: access.network };
    const row = await updateEmergencySchedule(ctx, actor, current, columns, now);
    return presentEmergencySchedule(row, access.network.timeZone, now);
  });

  serveCall(app, 'emergencyScheduleDelete', async ({ ctx, session, payload }) => {
    const current = await findEmergencySchedule(ctx, payload.scheduleId);
    const access = await loadNetworkAccess(ctx, session.uid, current.nid);
    authorizeEmergency(access);
    await deleteEmergencySchedule(ctx, { uid: session.uid, network: access.network }, current);
    return null;
  });

  serveCall(app, 'emergencyOverdueSummary', async ({ ctx, session, payload }) => {
    if (payload.pid !== undefined) await loadProjectAccess(ctx, session.uid, payload.pid);
    if (payload.nid !== undefined) await loadNetworkAccess(ctx, session.uid, payload.nid);
    const rows = await ctx.db
      .select({ network: networks })
      .from(networkUsers)
      .innerJoin(networks, eq(networks.id, networkUsers.nid))
      .innerJoin(projects, eq(projects.id, networks.pid))
      .where(
        and(
          eq(networkUsers.uid, session.uid),
          isNull(networks.deletedAt),
          payload.pid !== undefined ? eq(networks.pid, payload.pid) : undefined,
          payload.nid !== undefined ? eq(networks.id, payload.nid) : undefined,
        ),
      )
      .orderBy(asc(networks.id));
    const now = ctx.now();
    const list: OverdueNetwork[] = [];
    for (const { network } of rows) {
      const elements = await loadEmergencyElements(ctx.db, { nid: network.id, timeZone: network.timeZone }, now);
      if (elements.length > 0) list.push(overdueFigures(network, elements));
    }
    const sum = (key: 'fittings' | 'overdue' | 'overdueFunction' | 'overdueDuration' | 'failed' | 'openFaults') =>
      list.reduce((total, n) => total + n[key], 0);
    return {
      networks: list,
      totals: {
        fittings: sum('fittings'),
        overdue: sum('overdue'),
        overdueFunction: sum('overdueFunction'),
        overdueDuration: sum('overdueDuration'),
        failed: sum('failed'),
        openFaults: sum('openFaults'),
      },
    };
  });

  serveCall(app, 'emergencyTestCorrect', async ({ ctx, session, payload }) => {
    const [record] = await ctx.db
      .select()
      .from(emergencyTestRecords)
      .where(eq(emergencyTestRecords.id, payload.recordId))
      .limit(1);
    if (!record) throw new CallError(Code.noPermission, 'Not permitted, or the record does not exist.');
    const access = await loadNetworkAccess(ctx, session.uid, record.nid);
    authorizeEmergency(access);
    const row = await correctTestRecord(ctx, { uid: session.uid, network: access.network }, record, payload.remark);
    return (await presentTestRecords(ctx.db, [row]))[0]!;
  });

  emergencyRecordRoutes(app);
  emergencyFaultRoutes(app);
}
