import { Code } from '@lightwell/domain';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emergencyTestRecords, users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { buildEmergencyReport } from '../../services/emergency/emergency-report.ts';
import { exportEmergencyRecord } from '../../services/emergency/export-record.ts';
import { loadFittings } from '../../services/emergency/fittings.ts';
import { presentTestRecords, scheduleReport, testTime } from '../../services/emergency/records.ts';

const at = (epochSeconds: number) => new Date(epochSeconds * 1000);

/** The reading calls of the record: test log, schedule report, printouts and the export. */
export function emergencyRecordRoutes(app: FastifyInstance): void {
  serveCall(app, 'emergencyTestLog', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const where: (SQL | undefined)[] = [
      eq(emergencyTestRecords.nid, payload.nid),
      payload.from !== undefined ? gte(testTime, at(payload.from)) : undefined,
      payload.to !== undefined ? lt(testTime, at(payload.to)) : undefined,
      payload.grade ? eq(emergencyTestRecords.grade, payload.grade) : undefined,
      payload.kind ? eq(emergencyTestRecords.kind, payload.kind) : undefined,
      payload.deviceId !== undefined ? eq(emergencyTestRecords.deviceId, payload.deviceId) : undefined,
    ];
    const [total] = await ctx.db
      .select({ n: count() })
      .from(emergencyTestRecords)
      .where(and(...where));
    const rows = await ctx.db
      .select()
      .from(emergencyTestRecords)
      .where(and(...where))
      .orderBy(desc(testTime), desc(emergencyTestRecords.id))
      .limit(payload.pageSize)
      .offset((payload.page - 1) * payload.pageSize);
    const page = {
      list: await presentTestRecords(ctx.db, rows),
      total: total?.n ?? 0,
      page: payload.page,
      pageSize: payload.pageSize,
    };
    return page.total === 0 ? new Answer(Code.emptyList, page) : page;
  });

  serveCall(app, 'emergencyScheduleReport', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const fittings = await loadFittings(ctx.db, network.id);
    const report = await scheduleReport(ctx.db, network, fittings, payload.year, ctx.now());
    return report.rows.length === 0 ? new Answer(Code.emptyList, report) : report;
  });

  serveCall(app, 'emergencyReport', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const [user] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, session.uid));
    return buildEmergencyReport(ctx, network, {
      from: at(payload.from),
      to: at(payload.to),
      part: payload.part,
      language: user?.language ?? 0,
    });
  });

  serveCall(app, 'emergencyRecordExport', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const [user] = await ctx.db
      .select({ language: users.language, timeFormat: users.timeFormat })
      .from(users)
      .where(eq(users.id, session.uid));
    return exportEmergencyRecord(ctx, network, {
      from: at(payload.from),
      to: at(payload.to),
      format: payload.format,
      language: user?.language ?? 0,
      timeFormat: user?.timeFormat ?? 1,
    });
  });
}
