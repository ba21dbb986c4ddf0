import { bucketCount, Code, diagnosisEnd, SensorDiagnosis } from '@lightwell/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sensorDiagnoses } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizeConfigure } from '../../policies/network-edit.ts';
import type { DiagnosisRow } from '../../presenters/sensor-diagnosis.ts';
import { addDiagnosis, cancelDiagnosis, deleteDiagnosis } from '../../services/sensor-diagnosis/change-diagnosis.ts';
import { diagnosisResults } from '../../services/sensor-diagnosis/diagnosis-results.ts';
import { diagnosableSensors, findDiagnosis, presentDiagnoses, sensorsOf } from './diagnosis-queries.ts';

/** Loads a task and its network for a member; 1013 for foreign and missing ids alike. */
async function loadDiagnosisFor(ctx: AppContext, uid: number, id: number) {
  const row = await findDiagnosis(ctx.db, id);
  const access = await loadNetworkAccess(ctx, uid, row.nid);
  return { row, access };
}

async function presentOne(ctx: AppContext, row: DiagnosisRow) {
  const [task] = await presentDiagnoses(ctx.db, [row]);
  return task!;
}

/** Until when a task's results are counted, and whether its range is over. */
function resultsWindow(row: DiagnosisRow, now: Date): { until: Date; finished: boolean } {
  const before = (a: Date, b: Date) => new Date(Math.min(a.getTime(), b.getTime()));
  if (row.state === 'canceled' && row.canceledAt) return { until: before(row.canceledAt, row.endAt), finished: true };
  if (row.state === 'executed') return { until: row.endAt, finished: true };
  if (row.state === 'waiting') return { until: row.startAt, finished: false };
  return { until: before(now, row.endAt), finished: false };
}

/**
 * Sensor trigger diagnosis tasks (spec sections 2-5; docs/decisions.md "Sensor trigger diagnosis"): every
 * member lists and reads them; owners and installers create, cancel and delete them.
 */
export function sensorDiagnosisRoutes(app: FastifyInstance): void {
  serveCall(app, 'diagnosisAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeConfigure(access);
    const sensors = await diagnosableSensors(ctx.db, payload.nid);
    let chosen = sensors.map((sensor) => sensor.id);
    if (payload.sensorIds) {
      const known = new Set(chosen);
      // Someone else's device, or one that is not a real motion sensor of this network: never tell them apart.
      if (payload.sensorIds.some((id) => !known.has(id))) throw noPermission();
      chosen = [...new Set(payload.sensorIds)];
    }
    if (chosen.length === 0) throw new CallError(Code.noDeviceSelected, 'The network has no motion sensor.');
    const start = payload.startTime;
    const task = {
      start,
      end: diagnosisEnd(start, payload.endTime),
      interval: payload.interval,
      allSensors: payload.sensorIds === undefined,
      sensors: chosen,
    };
    const row = await addDiagnosis(ctx, { uid: session.uid, network: access.network }, task, ctx.now());
    return presentOne(ctx, row);
  });

  serveCall(app, 'diagnosisSensorOptions', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    return diagnosableSensors(ctx.db, payload.nid);
  });

  serveCall(app, 'diagnosisList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const where = eq(sensorDiagnoses.nid, payload.nid);
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(sensorDiagnoses).where(where);
    const rows = await ctx.db
      .select()
      .from(sensorDiagnoses)
      .where(where)
      .orderBy(desc(sensorDiagnoses.createdAt), desc(sensorDiagnoses.id))
      .limit(payload.pageSize)
      .offset((payload.page - 1) * payload.pageSize);
    const page = { list: await presentDiagnoses(ctx.db, rows), total, page: payload.page, pageSize: payload.pageSize };
    return total === 0 ? new Answer(Code.emptyList, page) : page;
  });

  serveCall(app, 'diagnosisGet', async ({ ctx, session, payload }) => {
    const { row } = await loadDiagnosisFor(ctx, session.uid, payload.taskId);
    const sensors = await sensorsOf(ctx.db, row.id);
    const { until, finished } = resultsWindow(row, ctx.now());
    const results = await diagnosisResults(
      ctx.db,
      {
        deviceIds: sensors.map((s) => s.id),
        start: row.startAt,
        until,
        intervalSeconds: row.intervalSeconds,
        finished,
      },
      sensors,
    );
    const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
    return {
      task: await presentOne(ctx, row),
      bucketCount: bucketCount(seconds(row.startAt), seconds(row.endAt), row.intervalSeconds),
      resultsUntil: Math.max(seconds(until), seconds(row.startAt)),
      chatterPerMinute: SensorDiagnosis.chatterPerMinute,
      sensors: results,
    };
  });

  serveCall(app, 'diagnosisCancel', async ({ ctx, session, payload }) => {
    const { row, access } = await loadDiagnosisFor(ctx, session.uid, payload.taskId);
    authorizeConfigure(access);
    const canceled = await cancelDiagnosis(ctx, { uid: session.uid, network: access.network }, row, ctx.now());
    return presentOne(ctx, canceled);
  });

  serveCall(app, 'diagnosisDelete', async ({ ctx, session, payload }) => {
    const { row, access } = await loadDiagnosisFor(ctx, session.uid, payload.taskId);
    authorizeConfigure(access);
    await deleteDiagnosis(ctx, { uid: session.uid, network: access.network }, row);
    return null;
  });
}
