import { Code, type Grade, isPassingGrade } from '@lightwell/domain';
import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { emergencyFaults, networks, users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizeEmergency } from '../../policies/network-edit.ts';
import { faultStanding } from '../../presenters/emergency.ts';
import { recordAudit } from '../../services/audit.ts';
import { startEmergencyAction } from '../../services/emergency/actions.ts';
import { faultsInPeriod, reportNetwork } from '../../services/emergency/emergency-report.ts';
import {
  confirmFault,
  entriesOf,
  type LoadedFault,
  loadFault,
  presentFaults,
  recordFaultStep,
  updateConfirmation,
} from '../../services/emergency/faults.ts';
import { loadFittings, noFitting } from '../../services/emergency/fittings.ts';
import { verifyEmergencyLink } from '../../services/emergency/links.ts';
import { histories, presentTestRecords, recordsOf, testRecordsInPeriod } from '../../services/emergency/records.ts';

const at = (epochSeconds: number) => new Date(epochSeconds * 1000);

async function languageOf(ctx: AppContext, uid: number): Promise<number> {
  const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, uid));
  return row?.language ?? 0;
}

/** A fault of a live network the caller may change (owner, installer); 1013 otherwise. */
async function faultToChange(ctx: AppContext, uid: number, faultId: number): Promise<LoadedFault & { pid: number }> {
  const fault = await loadFault(ctx.db, faultId);
  const access = await loadNetworkAccess(ctx, uid, fault.row.nid);
  authorizeEmergency(access);
  return { ...fault, pid: access.network.pid };
}

async function answerFault(ctx: AppContext, uid: number, faultId: number) {
  const { row } = await loadFault(ctx.db, faultId);
  const [fault] = await presentFaults(ctx.db, [row], await languageOf(ctx, uid));
  return fault!;
}

/** Fault log, the fault workflow, retest of failed fittings, and the two public e-mail links. */
export function emergencyFaultRoutes(app: FastifyInstance): void {
  serveCall(app, 'emergencyFaultLog', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const where: (SQL | undefined)[] = [
      eq(emergencyFaults.nid, payload.nid),
      payload.from !== undefined ? gte(emergencyFaults.openedAt, at(payload.from)) : undefined,
      payload.to !== undefined ? lt(emergencyFaults.openedAt, at(payload.to)) : undefined,
      payload.deviceId !== undefined ? eq(emergencyFaults.deviceId, payload.deviceId) : undefined,
    ];
    let rows = await ctx.db
      .select()
      .from(emergencyFaults)
      .where(and(...where))
      .orderBy(desc(emergencyFaults.openedAt), desc(emergencyFaults.id));
    if (payload.state !== 'all') {
      const entries = await entriesOf(
        ctx.db,
        rows.map((r) => r.id),
      );
      rows = rows.filter(
        (r) => (faultStanding(entries.get(r.id) ?? []).state === 'closed') === (payload.state === 'closed'),
      );
    }
    const start = (payload.page - 1) * payload.pageSize;
    const list = await presentFaults(
      ctx.db,
      rows.slice(start, start + payload.pageSize),
      await languageOf(ctx, session.uid),
    );
    const page = { list, total: rows.length, page: payload.page, pageSize: payload.pageSize };
    return page.total === 0 ? new Answer(Code.emptyList, page) : page;
  });

  serveCall(app, 'emergencyFaultStep', async ({ ctx, session, payload }) => {
    const fault = await faultToChange(ctx, session.uid, payload.faultId);
    await recordFaultStep(ctx, session.uid, fault, payload);
    await recordAudit(ctx.db, {
      action: `emergency.fault.${payload.step}`,
      actorUid: session.uid,
      pid: fault.pid,
      nid: fault.row.nid,
      after: { faultId: fault.row.id, at: payload.at, person: payload.person },
    });
    return answerFault(ctx, session.uid, fault.row.id);
  });

  serveCall(app, 'emergencyFaultConfirm', async ({ ctx, session, payload }) => {
    const fault = await faultToChange(ctx, session.uid, payload.faultId);
    await confirmFault(ctx, session.uid, fault, payload.remark);
    return answerFault(ctx, session.uid, fault.row.id);
  });

  serveCall(app, 'emergencyFaultConfirmUpdate', async ({ ctx, session, payload }) => {
    const fault = await faultToChange(ctx, session.uid, payload.faultId);
    await updateConfirmation(ctx, session.uid, fault, payload);
    return answerFault(ctx, session.uid, fault.row.id);
  });

  serveCall(app, 'emergencyRetestFailed', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeEmergency(access);
    const fittings = await loadFittings(ctx.db, payload.nid);
    const ids = fittings.map((f) => f.deviceId);
    const byDevice = histories(await recordsOf(ctx.db, payload.nid, ids));
    const faultRows = await ctx.db
      .select()
      .from(emergencyFaults)
      .where(
        and(eq(emergencyFaults.nid, payload.nid), ids.length > 0 ? inArray(emergencyFaults.deviceId, ids) : undefined),
      );
    const entries = await entriesOf(
      ctx.db,
      faultRows.map((f) => f.id),
    );
    const withOpenFault = new Set(
      faultRows.filter((f) => faultStanding(entries.get(f.id) ?? []).state !== 'closed').map((f) => f.deviceId),
    );
    const failed = (grade: string | undefined) => grade === 'failed' || grade === 'failedLate';
    const targets = fittings
      .filter((f) => {
        const history = byDevice.get(f.deviceId);
        const last = history?.last[payload.kind] ?? history?.last.function;
        return (
          withOpenFault.has(f.deviceId) ||
          (last !== undefined && failed(last.grade) && !isPassingGrade(last.grade as Grade))
        );
      })
      .map((f) => f.deviceId);
    if (targets.length === 0) throw noFitting();
    return startEmergencyAction(ctx, {
      networkId: payload.nid,
      target: { kind: 'fittings', ids: targets },
      action: payload.kind === 'duration' ? 'durationTest' : 'functionTest',
      by: { userId: session.uid },
      retest: true,
      ...(payload.gatewayId !== undefined ? { gatewayId: payload.gatewayId } : {}),
    });
  });

  serveCall(app, 'emergencyPublicFault', async ({ ctx, payload }) => {
    const link = verifyEmergencyLink(ctx, payload.link, 'fault');
    const [row] = await ctx.db.select().from(emergencyFaults).where(eq(emergencyFaults.id, link.faultId)).limit(1);
    if (!row) throw new CallError(Code.linkInvalid, 'The link is invalid or has expired.');
    const [network] = await ctx.db.select().from(networks).where(eq(networks.id, row.nid)).limit(1);
    const [fault] = await presentFaults(ctx.db, [row], link.language ?? 0);
    return {
      network: network
        ? await reportNetwork(ctx, network)
        : { nid: row.nid, name: row.networkName, projectName: row.projectName, timeZone: row.timeZone },
      fault: fault!,
    };
  });

  serveCall(app, 'emergencyPublicReport', async ({ ctx, payload }) => {
    const link = verifyEmergencyLink(ctx, payload.link, 'report');
    const [network] = await ctx.db.select().from(networks).where(eq(networks.id, link.nid)).limit(1);
    if (!network) throw new CallError(Code.linkInvalid, 'The link is invalid or has expired.');
    const from = at(link.from);
    const to = at(link.to);
    return {
      network: await reportNetwork(ctx, network),
      from: link.from,
      to: link.to,
      tests: await presentTestRecords(ctx.db, await testRecordsInPeriod(ctx.db, network.id, from, to)),
      faults: await presentFaults(ctx.db, await faultsInPeriod(ctx, network.id, from, to), link.language ?? 0),
    };
  });
}
