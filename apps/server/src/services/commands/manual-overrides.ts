import { Code, governingSchedule, type OverrideEnd, overrideEndsAt } from '@lightwell/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { ScheduleRow } from '../../db/queries/schedules.ts';
import { manualOverrides, networks, schedules } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { scheduleActingUid, scheduleCommand } from './schedule-command.ts';
import type { CommandRequest } from './send-command.ts';

/** Sends a command (`sendCommand`; tests pass a recorder). */
export type CommandSender = (ctx: AppContext, request: CommandRequest) => Promise<{ id: number }>;

/** A restore the gateway refused as busy is tried again this much later. */
const RETRY_MS = 5_000;

/** The enabled schedules of a network, each with the devices its firing drives. */
async function drivingSchedules(ctx: AppContext, nid: number): Promise<{ row: ScheduleRow; devices: Set<number> }[]> {
  const rows = await ctx.db
    .select()
    .from(schedules)
    .where(and(eq(schedules.nid, nid), eq(schedules.enabled, true)))
    .orderBy(asc(schedules.id));
  const driving: { row: ScheduleRow; devices: Set<number> }[] = [];
  for (const row of rows) {
    // A schedule whose scene is gone drives nothing.
    const command = await scheduleCommand(ctx, row).catch(() => null);
    if (command) driving.push({ row, devices: new Set(command.deviceIds) });
  }
  return driving;
}

/** The schedule governing `deviceId` (section 4 override rules), of those given. */
function governing(driving: { row: ScheduleRow; devices: Set<number> }[], deviceId: number, firedOnly = false) {
  const candidates = driving
    .filter((d) => d.devices.has(deviceId) && (!firedOnly || d.row.lastRunAt !== null))
    .map((d) => ({ id: d.row.id, lastRunAt: d.row.lastRunAt, row: d.row }));
  return governingSchedule(candidates)?.row ?? null;
}

/**
 * Starts a manual override (section 4) for the devices a user just commanded by hand that enabled
 * schedules drive: each takes the end mode of the schedule governing it. A timed override (countdown,
 * hold time, standby time, specific time) keeps every schedule off the device until it ends, then the
 * governing schedule's action is restored; an override that ends "never" lasts until the next scheduled
 * event takes the device over. A newer manual change restarts the override. Answers how many started.
 */
export async function beginOverrides(ctx: AppContext, nid: number, deviceIds: number[]): Promise<number> {
  if (deviceIds.length === 0) return 0;
  const driving = await drivingSchedules(ctx, nid);
  if (driving.length === 0) return 0;
  const [network] = await ctx.db.select({ timeZone: networks.timeZone }).from(networks).where(eq(networks.id, nid));
  const now = ctx.now();
  const values = [...new Set(deviceIds)].flatMap((deviceId) => {
    const row = governing(driving, deviceId);
    if (!row) return [];
    const endsAt = overrideEndsAt(row.overrideEnd as OverrideEnd, row.overrideValue, now, network?.timeZone ?? 'UTC');
    return [{ deviceId, nid, scheduleId: row.id, startedAt: now, endsAt }];
  });
  if (values.length === 0) return 0;
  await ctx.db
    .insert(manualOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: manualOverrides.deviceId,
      set: {
        scheduleId: sql`excluded.schedule_id`,
        startedAt: sql`excluded.started_at`,
        endsAt: sql`excluded.ends_at`,
      },
    });
  return values.length;
}

/**
 * Of `deviceIds`, those a schedule firing now must leave alone (a timed override still running); the
 * others are taken over by the firing, which ends their "never" overrides.
 */
export async function takeOverForFiring(db: Db, nid: number, deviceIds: number[], now: Date): Promise<number[]> {
  if (deviceIds.length === 0) return [];
  const held = await db
    .select({ deviceId: manualOverrides.deviceId })
    .from(manualOverrides)
    .where(
      and(eq(manualOverrides.nid, nid), inArray(manualOverrides.deviceId, deviceIds), gt(manualOverrides.endsAt, now)),
    );
  const heldIds = new Set(held.map((r) => r.deviceId));
  const free = deviceIds.filter((id) => !heldIds.has(id));
  if (free.length > 0) {
    await db.delete(manualOverrides).where(and(eq(manualOverrides.nid, nid), inArray(manualOverrides.deviceId, free)));
  }
  return free;
}

/** Claims the overrides that have ended: deleted in one statement over rows locked with SKIP LOCKED. */
async function claimEnded(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ deviceId: manualOverrides.deviceId })
      .from(manualOverrides)
      .where(and(isNotNull(manualOverrides.endsAt), lte(manualOverrides.endsAt, now)))
      .orderBy(manualOverrides.deviceId)
      .limit(500)
      .for('update', { skipLocked: true });
    return tx
      .delete(manualOverrides)
      .where(and(inArray(manualOverrides.deviceId, due), lte(manualOverrides.endsAt, now)))
      .returning();
  });
}

/**
 * Ends the overrides whose time has come and restores, per device, the action of the schedule governing
 * it now (the one that fired last, so a firing skipped during the override counts); a device no schedule
 * has fired on yet is only released. Each ended override is claimed by exactly one process. A restore
 * the gateway refuses as busy is tried again {@link RETRY_MS} later. Answers how many overrides ended.
 */
export async function endDueOverrides(ctx: AppContext, send: CommandSender): Promise<number> {
  const now = ctx.now();
  const ended = await claimEnded(ctx.db, now);
  const byNetwork = new Map<number, typeof ended>();
  for (const row of ended) byNetwork.set(row.nid, [...(byNetwork.get(row.nid) ?? []), row]);
  for (const [nid, rows] of byNetwork) {
    const driving = await drivingSchedules(ctx, nid);
    const restores = new Map<number, { row: ScheduleRow; deviceIds: number[] }>();
    for (const { deviceId } of rows) {
      const row = governing(driving, deviceId, true);
      if (!row) continue;
      const entry = restores.get(row.id) ?? { row, deviceIds: [] };
      entry.deviceIds.push(deviceId);
      restores.set(row.id, entry);
    }
    for (const { row, deviceIds } of restores.values()) {
      await restore(ctx, send, row, deviceIds, rows);
    }
  }
  return ended.length;
}

/** Sends a schedule's action again to the given devices; re-queues them when the gateway is busy. */
async function restore(
  ctx: AppContext,
  send: CommandSender,
  row: ScheduleRow,
  deviceIds: number[],
  ended: (typeof manualOverrides.$inferSelect)[],
): Promise<void> {
  const uid = await scheduleActingUid(ctx, row);
  try {
    const command = await scheduleCommand(ctx, row);
    const wanted = new Set(deviceIds);
    await send(ctx, { ...command, uid, deviceIds: command.deviceIds.filter((id) => wanted.has(id)) });
  } catch (error) {
    if (!(error instanceof CallError) || error.code !== Code.gatewayBusy) return;
    const retryAt = new Date(ctx.now().getTime() + RETRY_MS);
    const again = ended
      .filter((r) => deviceIds.includes(r.deviceId))
      .map((r) => ({ ...r, scheduleId: row.id, endsAt: retryAt }));
    // A device overridden again meanwhile keeps its new override.
    await ctx.db.insert(manualOverrides).values(again).onConflictDoNothing();
  }
}

/**
 * Resumes the schedules of a network now: every override (of the one schedule, when given) ends at once
 * and the governing actions are restored. Answers how many devices were resumed.
 */
export async function resumeOverrides(
  ctx: AppContext,
  send: CommandSender,
  nid: number,
  scheduleId?: number,
): Promise<number> {
  const now = ctx.now();
  const resumed = await ctx.db
    .update(manualOverrides)
    .set({ endsAt: now })
    .where(
      and(
        eq(manualOverrides.nid, nid),
        scheduleId === undefined ? undefined : eq(manualOverrides.scheduleId, scheduleId),
        or(isNull(manualOverrides.endsAt), gt(manualOverrides.endsAt, now)),
      ),
    )
    .returning({ deviceId: manualOverrides.deviceId });
  await endDueOverrides(ctx, send);
  return resumed.length;
}

/** Per schedule of a network: how many devices are overridden by hand under its end mode, and until when. */
export async function overridesBySchedule(
  db: Db,
  nid: number,
): Promise<Map<number, { devices: number; endsAt: Date | null }>> {
  const rows = await db
    .select({
      scheduleId: manualOverrides.scheduleId,
      devices: sql<number>`count(*)::int`,
      never: sql<boolean>`bool_or(${manualOverrides.endsAt} is null)`,
      endsAt: sql<string | null>`max(${manualOverrides.endsAt})`,
    })
    .from(manualOverrides)
    .where(eq(manualOverrides.nid, nid))
    .groupBy(manualOverrides.scheduleId);
  return new Map(
    rows.map((r) => [
      r.scheduleId,
      { devices: Number(r.devices), endsAt: r.never || r.endsAt === null ? null : new Date(r.endsAt) },
    ]),
  );
}
