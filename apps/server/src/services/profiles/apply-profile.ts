import { Code, type CodeValue, type ProfileApplyOutcome } from '@lightwell/domain';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ProfileRow } from '../../db/queries/profiles.ts';
import { networks, zones } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { lockApplicableProfile } from '../../policies/profile.ts';
import { recordAudit } from '../audit.ts';
import { resolveTargetDevices, sendCommand } from '../commands/send-command.ts';

/** What is applied on one network: some of its zones, the whole network, or both. */
interface NetworkPlan {
  nid: number;
  zoneIds: number[];
  wholeNetwork: boolean;
}

/**
 * Groups the zones and networks to apply to by network and checks, before anything changes, that every
 * zone exists and that the caller is owner or installer of every network (1013 otherwise, missing ids alike).
 */
export async function planProfileApply(
  ctx: AppContext,
  uid: number,
  zoneIds: number[],
  nids: number[],
): Promise<NetworkPlan[]> {
  const wanted = [...new Set(zoneIds)];
  const rows = wanted.length
    ? await ctx.db.select({ id: zones.id, nid: zones.nid }).from(zones).where(inArray(zones.id, wanted))
    : [];
  if (rows.length !== wanted.length) throw noPermission();
  const plans = new Map<number, NetworkPlan>();
  const planOf = (nid: number) => {
    const plan = plans.get(nid) ?? { nid, zoneIds: [], wholeNetwork: false };
    plans.set(nid, plan);
    return plan;
  };
  for (const row of rows) planOf(row.nid).zoneIds.push(row.id);
  for (const nid of new Set(nids)) planOf(nid).wholeNetwork = true;
  for (const nid of plans.keys()) {
    const access = await loadNetworkAccess(ctx, uid, nid);
    if (!access.abilities.edit) throw noPermission();
  }
  return [...plans.values()];
}

/**
 * Devices a plan sends the profile to: those of the chosen zones, and for a whole network every device
 * except those in zones that keep a profile of their own (a zone's profile wins over its network's).
 */
async function devicesOf(ctx: AppContext, plan: NetworkPlan, profileId: number): Promise<number[]> {
  const ids = new Set(await resolveTargetDevices(ctx.db, plan.nid, { kind: 'zone', ids: plan.zoneIds }));
  if (plan.wholeNetwork) {
    const own = await ctx.db
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.nid, plan.nid), isNotNull(zones.configId), ne(zones.configId, profileId)));
    const kept = new Set(await resolveTargetDevices(ctx.db, plan.nid, { kind: 'zone', ids: own.map((z) => z.id) }));
    for (const id of await resolveTargetDevices(ctx.db, plan.nid, { kind: 'network' })) if (!kept.has(id)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Sends the profile to a network's devices; a refusal (offline gateway, no devices…) is reported, not thrown. */
async function sendToNetwork(ctx: AppContext, uid: number, profile: ProfileRow, plan: NetworkPlan) {
  const deviceIds = await devicesOf(ctx, plan, profile.id);
  const outcome = (code: CodeValue, taskId: number | null): ProfileApplyOutcome => ({
    ...plan,
    code,
    taskId,
    devices: deviceIds.length,
  });
  try {
    const task = await sendCommand(ctx, {
      nid: plan.nid,
      uid,
      targetKind: 'profile',
      targetId: profile.id,
      deviceIds,
      action: { op: 'config', profileId: profile.id, settings: profile.settings },
    });
    return outcome(Code.ok, task.id);
  } catch (error) {
    if (!(error instanceof CallError)) throw error;
    const task = error.data as { id?: number } | null;
    return outcome(error.code, task?.id ?? null);
  }
}

/**
 * Applies an own or system profile to the zones and whole networks of `plans` (`planProfileApply`: owners
 * and installers only): stores `zones.config_id` and `networks.config_id` in one transaction with an audit
 * event per network, then sends a `config` command to each network's devices; 1013 for a profile that is
 * neither a system default nor the caller's. Storing never waits on the gateways: an offline gateway or a
 * network without devices gives that network's refusal code in its outcome.
 */
export async function applyProfile(
  ctx: AppContext,
  uid: number,
  profileId: number,
  plans: readonly NetworkPlan[],
): Promise<ProfileApplyOutcome[]> {
  const profile = await ctx.db.transaction(async (tx) => {
    const row = await lockApplicableProfile(tx, uid, profileId);
    for (const plan of plans) {
      if (plan.zoneIds.length) {
        await tx.update(zones).set({ configId: row.id, updatedAt: ctx.now() }).where(inArray(zones.id, plan.zoneIds));
      }
      if (plan.wholeNetwork) {
        await tx.update(networks).set({ configId: row.id, updatedAt: ctx.now() }).where(eq(networks.id, plan.nid));
      }
      await recordAudit(tx, {
        action: 'profile.apply',
        actorUid: uid,
        nid: plan.nid,
        after: { profileId: row.id, name: row.name, zoneIds: plan.zoneIds, wholeNetwork: plan.wholeNetwork },
      });
    }
    return row;
  });
  const outcomes: ProfileApplyOutcome[] = [];
  for (const plan of plans) outcomes.push(await sendToNetwork(ctx, uid, profile, plan));
  return outcomes;
}
