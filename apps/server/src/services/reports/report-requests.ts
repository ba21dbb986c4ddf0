import {
  type CallPayload,
  Code,
  downloadPeriodIn,
  epochSeconds,
  type ReportFormat,
  type ReportJob,
  type ReportKind,
  ReportLimits,
  type ReportState,
} from '@lightwell/domain';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { networks, networkUsers, projects, reportJobs, users } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, loadProjectAccess, type NetworkRow, noPermission } from '../../policies/access.ts';
import { resolveDeviceTarget } from './device-report.ts';
import { warmReportWorker } from './report-builder.ts';
import { announceReportQueued, REPORT_JOB_COLUMNS, type ReportJobParams, type ReportJobRow } from './report-jobs.ts';

const at = (date: Date) => sql`to_timestamp(${date.getTime() / 1000})`;

/**
 * SQL condition on `report_jobs`: `uid` holds a role on every network the report covers, each still live.
 * Reports are listed and downloaded only by such users, whoever asked for them.
 */
function readableBySql(uid: number): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM unnest(${reportJobs.nids}) AS covered(nid)
    WHERE NOT EXISTS (
      SELECT 1 FROM ${networkUsers} JOIN ${networks} ON ${networks.id} = ${networkUsers.nid}
      WHERE ${networkUsers.nid} = covered.nid AND ${networkUsers.uid} = ${uid} AND ${networks.deletedAt} IS NULL))`;
}

/** The live networks of project `pid` the user holds a role on, by name. */
async function memberNetworks(db: Db, uid: number, pid: number): Promise<NetworkRow[]> {
  const rows = await db
    .select({ network: networks })
    .from(networks)
    .innerJoin(networkUsers, and(eq(networkUsers.nid, networks.id), eq(networkUsers.uid, uid)))
    .where(and(eq(networks.pid, pid), isNull(networks.deletedAt)))
    .orderBy(asc(networks.name), asc(networks.id));
  return rows.map((row) => row.network);
}

/** 1019 while the user has `ReportLimits.maxPending` reports queued or running. */
async function refuseWhenBusy(db: Db, uid: number): Promise<void> {
  const pending = await db
    .select({ id: reportJobs.id })
    .from(reportJobs)
    .where(and(eq(reportJobs.requestedBy, uid), inArray(reportJobs.state, ['queued', 'running'])));
  if (pending.length < ReportLimits.maxPending) return;
  const retryAfter = 30;
  throw new CallError(
    Code.tooManyAttempts,
    `${pending.length} reports of this user are still being built.`,
    { retryAfter },
    { key: 'refusals.1019.reportsPending', params: { retryAfter, maximum: ReportLimits.maxPending } },
  );
}

/** Stores a queued job for `uid` and answers it as the list shows it. */
async function queueJob(
  ctx: AppContext,
  uid: number,
  job: { kind: ReportKind; pid: number; list: readonly NetworkRow[]; format: ReportFormat; params: ReportJobParams },
): Promise<ReportJob> {
  await refuseWhenBusy(ctx.db, uid);
  const [user] = await ctx.db
    .select({ name: users.name, language: users.language, timeFormat: users.timeFormat })
    .from(users)
    .where(eq(users.id, uid));
  const periods = job.list.map((network) =>
    downloadPeriodIn(job.params.period, network.timeZone, job.params.requestedAt),
  );
  const [row] = await ctx.db
    .insert(reportJobs)
    .values({
      kind: job.kind,
      pid: job.pid,
      nids: job.list.map((network) => network.id),
      requestedBy: uid,
      requestedByName: user?.name ?? '',
      params: { ...job.params },
      format: job.format,
      language: user?.language ?? 0,
      timeFormat: user?.timeFormat ?? 1,
      periodStart: new Date(Math.min(...periods.map((p) => p.start)) * 1000),
      periodEnd: new Date(Math.max(...periods.map((p) => p.end)) * 1000),
      createdAt: ctx.now(),
    })
    .returning();
  const queued = (await presentJobs(ctx.db, [row!]))[0]!;
  announceReportQueued(ctx.db);
  return queued;
}

/**
 * Asks for a project report (2-3) of project `pid`: of the networks named, each a live network of the
 * project the caller holds a role on, or of all such networks when none is named; 1013 otherwise (a
 * network of the project the caller has no role on, another project's, or none at all).
 */
export async function askProjectReport(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'reportProjectCreate'>,
): Promise<ReportJob> {
  await loadProjectAccess(ctx, uid, payload.pid);
  const own = await memberNetworks(ctx.db, uid, payload.pid);
  const wanted = payload.nids ? new Set(payload.nids) : null;
  const list = wanted ? own.filter((network) => wanted.has(network.id)) : own;
  if (list.length === 0 || (wanted && list.length !== wanted.size)) throw noPermission();
  return queueJob(ctx, uid, {
    kind: 'project',
    pid: payload.pid,
    list,
    format: payload.format,
    params: {
      period: payload.period,
      sections: payload.sections,
      target: null,
      requestedAt: epochSeconds(ctx.now()),
    },
  });
}

/** Asks for a device report (2-4) of network `nid`; 1013 for a stranger, or a zone or device not of it. */
export async function askDeviceReport(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'reportDeviceCreate'>,
): Promise<ReportJob> {
  const access = await loadNetworkAccess(ctx, uid, payload.nid);
  await resolveDeviceTarget(ctx.db, payload.nid, payload.target, true);
  return queueJob(ctx, uid, {
    kind: 'device',
    pid: access.network.pid,
    list: [access.network],
    format: payload.format,
    params: { period: payload.period, sections: [], target: payload.target, requestedAt: epochSeconds(ctx.now()) },
  });
}

/** Jobs as the list answers them: project and network names, who asked, the file once done. */
async function presentJobs(db: Db, rows: readonly ReportJobRow[]): Promise<ReportJob[]> {
  const nids = [...new Set(rows.flatMap((row) => row.nids))];
  const pids = [...new Set(rows.map((row) => row.pid))];
  const named =
    nids.length === 0
      ? []
      : await db
          .select({ id: networks.id, name: networks.name, timeZone: networks.timeZone })
          .from(networks)
          .where(inArray(networks.id, nids));
  const networkOf = new Map(named.map((network) => [network.id, network]));
  const projectRows =
    pids.length === 0
      ? []
      : await db.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, pids));
  const projectName = new Map(projectRows.map((project) => [project.id, project.name]));
  const seconds = (date: Date | null) => (date ? epochSeconds(date) : null);
  return rows.map((row) => {
    const params = row.params as unknown as ReportJobParams;
    const state = row.state as ReportState;
    return {
      id: row.id,
      kind: row.kind as ReportKind,
      pid: row.pid,
      projectName: projectName.get(row.pid) ?? '',
      networks: row.nids.map((nid) => ({
        nid,
        name: networkOf.get(nid)?.name ?? '',
        timeZone: networkOf.get(nid)?.timeZone ?? 'UTC',
      })),
      requestedBy: { uid: row.requestedBy, name: row.requestedByName },
      createdAt: epochSeconds(row.createdAt),
      finishedAt: seconds(row.finishedAt),
      expiresAt: seconds(row.expiresAt),
      period: params.period,
      periodStart: epochSeconds(row.periodStart),
      periodEnd: epochSeconds(row.periodEnd),
      sections: params.sections,
      target: params.target,
      format: row.format as ReportFormat,
      state,
      progress: state === 'done' ? 100 : row.progress,
      fileName: state === 'done' ? row.fileName : null,
      size: state === 'done' ? row.size : null,
    };
  });
}

/** Kept reports of project `pid` (not purged yet) the caller may read, newest first; 1013 for a stranger. */
export async function listReports(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'reportList'>,
): Promise<ReportJob[]> {
  await loadProjectAccess(ctx, uid, payload.pid);
  // The list is what a report page shows first: the report asked for next is built by a worker ready for it.
  warmReportWorker(ctx);
  const rows = await ctx.db
    .select(REPORT_JOB_COLUMNS)
    .from(reportJobs)
    .where(
      and(
        eq(reportJobs.pid, payload.pid),
        payload.kind ? eq(reportJobs.kind, payload.kind) : undefined,
        or(isNull(reportJobs.expiresAt), sql`${reportJobs.expiresAt} > ${at(ctx.now())}`),
        readableBySql(uid),
      ),
    )
    .orderBy(desc(reportJobs.createdAt), desc(reportJobs.id))
    .limit(200);
  return presentJobs(ctx.db, rows);
}

/** One report the caller may read; 1013 for any other id. */
export async function reportState(ctx: AppContext, uid: number, id: number): Promise<ReportJob> {
  const [row] = await ctx.db
    .select(REPORT_JOB_COLUMNS)
    .from(reportJobs)
    .where(and(eq(reportJobs.id, id), readableBySql(uid)));
  if (!row) throw noPermission();
  return (await presentJobs(ctx.db, [row]))[0]!;
}

/** SQL condition: the done, kept report whose file is `fileName`, readable by `uid` now. */
function readableFileSql(ctx: AppContext, uid: number, fileName: string) {
  return and(
    eq(reportJobs.fileName, fileName),
    eq(reportJobs.state, 'done'),
    sql`${reportJobs.expiresAt} > ${at(ctx.now())}`,
    readableBySql(uid),
  );
}

/** Whether `uid` may fetch the report file `fileName` now (it is kept and they hold a role on each network). */
export async function mayReadReportFile(ctx: AppContext, uid: number, fileName: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: reportJobs.id })
    .from(reportJobs)
    .where(readableFileSql(ctx, uid, fileName));
  return row !== undefined;
}

/** Bytes of a stored report read at once while it is sent: each piece is one query's answer. */
const FILE_PIECE_BYTES = 1024 * 1024;

/** A kept report's file as it is sent: its type, its size and its bytes piece by piece. */
export interface ReportFileStream {
  mime: string;
  size: number;
  /** The bytes in pieces of at most 1 MiB, each read when the one before was sent. */
  pieces: () => AsyncGenerator<Buffer>;
}

/**
 * The stored file of a done, kept report named `fileName`, when `uid` holds a role on every network it
 * covers now (checked at each download: someone who lost a role can no longer fetch it); null otherwise.
 * The bytes are read a piece at a time as they are sent (a yearly XLSX is some 11 MB, and the driver
 * reads a bytea as text twice its size), so a download holds a piece of it, not the whole file; a file
 * removed meanwhile (expired, its project deleted) ends the download short.
 */
export async function readableReportFile(
  ctx: AppContext,
  uid: number,
  fileName: string,
): Promise<ReportFileStream | null> {
  const [row] = await ctx.db
    .select({ id: reportJobs.id, mime: reportJobs.mime, size: sql<number>`octet_length(${reportJobs.data})::int` })
    .from(reportJobs)
    .where(readableFileSql(ctx, uid, fileName));
  if (!row?.mime || row.size === null) return null;
  const { id, size } = row;
  async function* pieces(): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < size; offset += FILE_PIECE_BYTES) {
      const [piece] = await ctx.db
        .select({ bytes: sql<Uint8Array>`substring(${reportJobs.data} from ${offset + 1} for ${FILE_PIECE_BYTES})` })
        .from(reportJobs)
        .where(and(eq(reportJobs.id, id), eq(reportJobs.state, 'done')));
      if (!piece?.bytes) throw new Error('the report file was removed while it was sent');
      const bytes = Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, piece.bytes.byteLength);
      if (bytes.length === 0) throw new Error('the report file changed while it was sent');
      yield bytes;
    }
  }
  return { mime: row.mime, size, pieces };
}
