// What the self-test job's tests share: an app with its clock, starters that record or pass on what the job
// sends, a London network.
import { type EmergencySchedule, type ReportMessage, TaskStatus } from '@lightwell/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, call, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { devices, emergencyTestRecords, gateways, networks, taskDevices } from '../../db/schema.ts';
import { applyReport } from '../../gateway-link/ingest.ts';
import type { LinkedGateway } from '../../link-types.ts';
import { applyAck } from '../../services/commands/apply-ack.ts';
import { type EmergencyActionRequest, startEmergencyAction } from '../../services/emergency/actions.ts';
import type { EmergencyStarter } from '../run-emergency-tests.ts';

/** A starter that records what the job asked for instead of sending it. */
export function recordingStarter(nid?: number) {
  const asked: EmergencyActionRequest[] = [];
  const start: EmergencyStarter = async (_ctx, request) => {
    // Other tests' networks share the database: keep what this test's network was sent.
    if (nid === undefined || request.networkId === nid) asked.push(request);
    return { taskId: asked.length, fittings: request.target.kind === 'fittings' ? request.target.ids.length : 0 };
  };
  return { asked, start };
}

/**
 * A gateway of the network that passes each command on at once: it sends the job's tasks for the network
 * through the console's `startEmergencyAction` and acknowledges each task done, every fitting it reached
 * executed except the `silent` ones (no answer). `sent` keeps what was asked of each task.
 */
export async function promptGateway(t: TestApp, nid: number) {
  const sn = `gw-self-test-${nid}`;
  const [row] = await t.db
    .insert(gateways)
    .values({ nid, sn, name: sn, secretHash: 'x', gatewayType: 3, status: 2, meshStatus: 1 })
    .returning();
  const linked: LinkedGateway = { id: row!.id, nid, sn };
  const silent = new Set<string>();
  const sent: (EmergencyActionRequest & { taskId: number })[] = [];
  const start: EmergencyStarter = async (ctx, request) => {
    // Other tests' networks share the database (and their windows open again as the clock moves back).
    if (request.networkId !== nid) return { taskId: 0, fittings: 0 };
    const started = await startEmergencyAction(ctx, request);
    sent.push({ ...request, taskId: started.taskId });
    const reached = await ctx.db
      .select({ mac: devices.mac })
      .from(taskDevices)
      .innerJoin(devices, eq(devices.id, taskDevices.deviceId))
      .where(and(eq(taskDevices.taskId, started.taskId), eq(taskDevices.status, TaskStatus.waiting)));
    await applyAck(ctx, {
      gateway: linked,
      message: {
        taskId: started.taskId,
        state: 'done',
        results: reached.filter((d) => !silent.has(d.mac)).map((d) => ({ mac: d.mac, ok: true })),
      },
      receivedAt: ctx.now(),
    });
    return started;
  };
  /** Each device's outcome in a task: [device id, status, reason]. */
  const outcomes = async (taskId: number) =>
    (
      await t.db.select().from(taskDevices).where(eq(taskDevices.taskId, taskId)).orderBy(asc(taskDevices.deviceId))
    ).map((o) => [o.deviceId, o.status, o.reason]);
  let seq = 0;
  /** An emergency report of a fitting, stamped `iso`, as the gateway sends it. */
  const report = async (
    mac: string,
    iso: string,
    fields: Partial<Extract<ReportMessage, { kind: 'emergency' }>> = {},
  ) => {
    seq += 1;
    const at = Math.floor(new Date(iso).getTime() / 1000);
    await applyReport(
      t.db,
      linked,
      { kind: 'emergency', seq, mac, at, mode: 0, faultBits: 0, ...fields },
      t.clock.now(),
    );
  };
  return { linked, silent, sent, start, outcomes, report };
}

/** A yearly duration test on 4 June at 01:00 (the network's time), the schedule several tests start from. */
export const YEARLY_ON_4_JUNE = {
  name: 'Yearly',
  testKind: 'duration',
  day: 4,
  month: 6,
  minuteOfDay: 60,
} as const;

/** A network team (test factory) whose network keeps Europe/London time. */
export async function londonNetwork(t: TestApp) {
  const team = await networkTeam(t);
  await t.db.update(networks).set({ timeZone: 'Europe/London' }).where(eq(networks.id, team.network.id));
  return team;
}

/**
 * The self-test job tests' setup: registers the hooks that build an app and close it again, and answers its
 * `t` (set once the hooks ran) with the clock and schedule steps the tests take.
 */
export function useJobApp() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  return {
    get t() {
      return t;
    },
    /** Sets the app's clock to `iso`. */
    setNow: (iso: string) => {
      t.clock.offsetMs = new Date(iso).getTime() - Date.now();
    },
    /** Adds a self-test schedule as `session` and answers it. */
    addSchedule: async (session: Session, payload: Record<string, unknown>) =>
      (await call(t.app, 'emergencyScheduleAdd', payload, session)).body.data as EmergencySchedule,
    /** The self-test records of a network, oldest first. */
    recordsOf: (nid: number) =>
      t.db
        .select()
        .from(emergencyTestRecords)
        .where(eq(emergencyTestRecords.nid, nid))
        .orderBy(asc(emergencyTestRecords.id)),
  };
}
