import {
  ACTION_HOLDS,
  actionHold,
  Code,
  type CommandAction,
  type DurationKind,
  type EmergencyAction,
  EmergencyLimits,
  type EmergencyTarget,
  inhibitEnd,
  inhibitTimerEnd,
} from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices, emergencyFittings, emergencySchedules, taskDevices } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { sendCommand } from '../commands/send-command.ts';
import { loadPreviewFittings, resolveEmergencyFittings } from './fittings.ts';

/** Who starts an emergency action: a user, or a self-test schedule (the scheduling job). */
type EmergencyActionBy = { userId: number } | { scheduleId: number };

/** An emergency action on fittings of one network. */
export interface EmergencyActionRequest {
  networkId: number;
  target: EmergencyTarget;
  action: EmergencyAction;
  by: EmergencyActionBy;
  /** Gateway to send through; the usual choice (docs/commands.md) when left out. */
  gatewayId?: number;
  /** Duration tests: how long (the fitting's rated time when left out). */
  duration?: { kind: DurationKind; minutes?: number };
  /** Inhibit: minutes (15 when left out). */
  inhibitMinutes?: number;
  /** Tests: most minutes a fitting may hold the test pending (15 when left out). */
  maxDelayMinutes?: number;
  /** What the resulting test records name as start source: a fault's retest, or by `by`. */
  retest?: boolean;
  /**
   * Tests: when the test was due, from which its maximum delay counts (a scheduled window's fitting tried
   * again: its batch's due time, so a test started past the delay is graded late); now when left out.
   */
  requestedAt?: Date;
}

/** The task that carries the action and the fittings it covers. */
export interface EmergencyActionStarted {
  taskId: number;
  fittings: number;
}

const TARGET_KIND = { fittings: 'device', zone: 'zone', group: 'group', network: 'network' } as const;

/** The user a schedule's tests are sent as: its creator (null when the account is gone). */
async function actorOf(db: Db, nid: number, by: EmergencyActionBy): Promise<number | null> {
  if ('userId' in by) return by.userId;
  const [schedule] = await db
    .select({ createdBy: emergencySchedules.createdBy })
    .from(emergencySchedules)
    .where(and(eq(emergencySchedules.id, by.scheduleId), eq(emergencySchedules.nid, nid)))
    .limit(1);
  return schedule?.createdBy ?? null;
}

/** The command an action becomes (docs/commands.md "Emergency actions"). */
export function commandOf(request: EmergencyActionRequest): CommandAction {
  return {
    op: 'emergency',
    command: request.action,
    ...(request.action === 'durationTest' ? { duration: request.duration ?? { kind: 'preset' } } : {}),
    ...(request.action === 'inhibit'
      ? { inhibitMinutes: request.inhibitMinutes ?? EmergencyLimits.inhibitMinutes }
      : {}),
    maxDelayMinutes: request.maxDelayMinutes ?? EmergencyLimits.maxTestDelayMinutes,
  };
}

/**
 * Starts an emergency action as a task (docs/commands.md): resolves the target to the network's emergency
 * fittings, sends one `emergency` command, and records on each fitting that took part which test was asked
 * for, by whom and by which task (so the result that comes back is graded with its start source), or the
 * inhibit's end. A fitting the action must not reach (`actionHold`: resume in a real emergency) is not sent
 * to and fails in the task with the reason. Refuses like every command with 1070-1075, and 1071 when the
 * target holds no fitting. Callers check the caller's role first; the scheduling job passes `{ scheduleId }`.
 */
export async function startEmergencyAction(
  ctx: AppContext,
  request: EmergencyActionRequest,
): Promise<EmergencyActionStarted> {
  const nid = request.networkId;
  const fittings = await resolveEmergencyFittings(ctx.db, nid, request.target);
  if (fittings.length === 0) throw new CallError(Code.noDeviceSelected, 'No emergency fitting selected.');
  const uid = await actorOf(ctx.db, nid, request.by);
  const held = await heldFittings(ctx.db, nid, fittings, request.action);
  const target = request.target;
  const task = await sendCommand(ctx, {
    nid,
    uid,
    ...(request.gatewayId === undefined ? {} : { gatewayId: request.gatewayId }),
    targetKind: TARGET_KIND[target.kind],
    targetId: target.kind !== 'network' && target.ids.length === 1 ? target.ids[0]! : null,
    deviceIds: fittings,
    action: commandOf(request),
    held,
  });
  await noteRequested(ctx, request, task.id, uid);
  return { taskId: task.id, fittings: fittings.length };
}

/** Fittings `action` is not sent to, by the state they last reported, with the reason (`actionHold`). */
async function heldFittings(db: Db, nid: number, ids: number[], action: EmergencyAction) {
  const held = new Map<number, string>();
  if (action !== 'resume') return held;
  for (const fitting of await loadPreviewFittings(db, nid, ids)) {
    const reason = actionHold(action, fitting);
    if (reason) held.set(fitting.id, reason);
  }
  return held;
}

/** Outcomes of fittings that failed at once and were never sent the command. */
const NOT_SENT: readonly (string | null)[] = ['offline', ...ACTION_HOLDS];

/** Writes what was asked onto the state of each fitting the task was sent to. */
async function noteRequested(ctx: AppContext, request: EmergencyActionRequest, taskId: number, uid: number | null) {
  const now = ctx.now();
  const outcomes = await ctx.db
    .select({ deviceId: taskDevices.deviceId, reason: taskDevices.reason })
    .from(taskDevices)
    .where(eq(taskDevices.taskId, taskId));
  const ids = outcomes.filter((row) => !NOT_SENT.includes(row.reason)).map((row) => row.deviceId);
  await markRequested(ctx.db, request, ids, taskId, uid, now);
}

/** Writes what `request` asked onto the state of fittings `ids`, sent as task `taskId` at `now`. */
export async function markRequested(
  db: Db,
  request: EmergencyActionRequest,
  ids: number[],
  taskId: number,
  uid: number | null,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await ensureFittingRows(db, request.networkId, ids);
  const source = request.retest ? 'retest' : 'scheduleId' in request.by ? 'schedule' : 'manual';
  const set =
    request.action === 'functionTest' || request.action === 'durationTest'
      ? {
          testTaskId: taskId,
          testSource: source,
          testScheduleId: 'scheduleId' in request.by ? request.by.scheduleId : null,
          testRequestedBy: uid,
          testRequestedAt: request.requestedAt ?? now,
          ...(request.retest ? { retestKind: null, retestBookedAt: null } : {}),
        }
      : request.action === 'inhibit'
        ? {
            inhibitUntil: inhibitEnd(now, request.inhibitMinutes ?? EmergencyLimits.inhibitMinutes),
            inhibitExpiresAt: inhibitTimerEnd(now),
            inhibitRenewedAt: now,
          }
        : request.action === 'resume'
          ? { inhibitUntil: null, inhibitExpiresAt: null }
          : {};
  if (Object.keys(set).length === 0) return;
  await db
    .update(emergencyFittings)
    .set({ ...set, updatedAt: now })
    .where(inArray(emergencyFittings.deviceId, ids));
}

/** Makes sure each fitting has a state row (a fitting that never reported has none yet). */
async function ensureFittingRows(db: Db, nid: number, deviceIds: number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.nid, nid), inArray(devices.id, deviceIds)));
  if (rows.length === 0) return;
  await db
    .insert(emergencyFittings)
    .values(rows.map((row) => ({ deviceId: row.id, nid })))
    .onConflictDoNothing({ target: emergencyFittings.deviceId });
}
