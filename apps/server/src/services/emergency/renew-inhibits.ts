import { type CommandAction, EmergencyLimits, inhibitRenewalDue, inhibitTimerEnd } from '@lightwell/domain';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emergencyFittings, networks, taskDevices } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { CommandRequest } from '../commands/send-command.ts';
import { sendCommand } from '../commands/send-command.ts';

/** Sends a command (`sendCommand`, or a stand-in in tests). */
export type InhibitSender = (ctx: AppContext, request: CommandRequest) => Promise<{ id: number }>;

/**
 * Renews inhibits (docs/commands.md "Emergency actions"): a fitting's DALI inhibit timer runs 15 minutes,
 * so while an inhibit asked for longer runs on, the console sends INHIBIT again shortly before the timer
 * ends (`inhibitRenewalDue`), one task per network, as the console itself (no user). A network whose
 * gateway refuses (busy, offline) is tried again next minute; meanwhile the element list shows the inhibit
 * lapsed. Answers a line for the job log.
 */
export async function renewInhibits(ctx: AppContext, send: InhibitSender = sendCommand): Promise<string> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      deviceId: emergencyFittings.deviceId,
      nid: emergencyFittings.nid,
      until: emergencyFittings.inhibitUntil,
      timerEnd: emergencyFittings.inhibitExpiresAt,
    })
    .from(emergencyFittings)
    .innerJoin(networks, eq(networks.id, emergencyFittings.nid))
    .where(and(gt(emergencyFittings.inhibitUntil, now), isNull(networks.deletedAt)))
    .orderBy(asc(emergencyFittings.deviceId));
  const due = new Map<number, { ids: number[]; until: Date }>();
  for (const row of rows) {
    if (!inhibitRenewalDue({ until: row.until, timerEnd: row.timerEnd }, now)) continue;
    const entry = due.get(row.nid) ?? { ids: [], until: row.until! };
    entry.ids.push(row.deviceId);
    if (row.until!.getTime() > entry.until.getTime()) entry.until = row.until!;
    due.set(row.nid, entry);
  }
  let renewed = 0;
  let refused = 0;
  for (const [nid, { ids, until }] of due) {
    const action: CommandAction = {
      op: 'emergency',
      command: 'inhibit',
      inhibitMinutes: Math.max(
        1,
        Math.min(EmergencyLimits.maxInhibitMinutes, Math.ceil((until.getTime() - now.getTime()) / 60_000)),
      ),
      maxDelayMinutes: EmergencyLimits.maxTestDelayMinutes,
    };
    try {
      const task = await send(ctx, { nid, uid: null, targetKind: 'device', targetId: null, deviceIds: ids, action });
      const sent = (
        await ctx.db
          .select({ deviceId: taskDevices.deviceId, reason: taskDevices.reason })
          .from(taskDevices)
          .where(eq(taskDevices.taskId, task.id))
      )
        .filter((row) => row.reason !== 'offline')
        .map((row) => row.deviceId);
      if (sent.length > 0) {
        await ctx.db
          .update(emergencyFittings)
          .set({ inhibitExpiresAt: inhibitTimerEnd(now), inhibitRenewedAt: now, updatedAt: now })
          .where(inArray(emergencyFittings.deviceId, sent));
      }
      renewed += sent.length;
    } catch (error) {
      if (!(error instanceof CallError)) throw error;
      refused += 1;
    }
  }
  return `inhibits renewed on ${renewed} fittings; ${refused} networks refused`;
}
