import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emergencyFittings, emergencyTestRecords, networks, networkUsers } from '../../db/schema.ts';
import { runOnce } from '../../services/run-once.ts';
import { type EmergencyStarter, MINUTE } from './schedule-tests.ts';

/** An owner or installer of the network, as whom booked retests run. */
async function actingUid(ctx: AppContext, nid: number): Promise<number | null> {
  const [member] = await ctx.db
    .select({ uid: networkUsers.uid })
    .from(networkUsers)
    .where(and(eq(networkUsers.nid, nid), inArray(networkUsers.userType, [2, 1])))
    .orderBy(asc(networkUsers.userType))
    .limit(1);
  return member?.uid ?? null;
}

/**
 * Starts the booked retests (a fault's verification, a test voided by mains loss) of fittings that have
 * mains: each booking is claimed by clearing it, so it starts once.
 */
export async function startBookedRetests(ctx: AppContext, now: Date, start: EmergencyStarter): Promise<number> {
  const booked = await ctx.db
    .select({
      deviceId: emergencyFittings.deviceId,
      nid: emergencyFittings.nid,
      kind: emergencyFittings.retestKind,
      mains: emergencyFittings.mainsPresent,
    })
    .from(emergencyFittings)
    .innerJoin(networks, eq(networks.id, emergencyFittings.nid))
    .where(
      and(
        isNotNull(emergencyFittings.retestKind),
        lte(emergencyFittings.retestBookedAt, now),
        isNull(networks.deletedAt),
      ),
    );
  let started = 0;
  for (const fitting of booked) {
    if (fitting.mains === false) continue;
    const uid = await actingUid(ctx, fitting.nid);
    if (uid === null) continue;
    const [claimed] = await ctx.db
      .update(emergencyFittings)
      .set({ retestKind: null, retestBookedAt: null })
      .where(and(eq(emergencyFittings.deviceId, fitting.deviceId), isNotNull(emergencyFittings.retestKind)))
      .returning({ id: emergencyFittings.deviceId });
    if (!claimed) continue;
    try {
      await start(ctx, {
        networkId: fitting.nid,
        target: { kind: 'fittings', ids: [fitting.deviceId] },
        action: fitting.kind === 'duration' ? 'durationTest' : 'functionTest',
        by: { userId: uid },
        retest: true,
      });
      started += 1;
    } catch {
      // Booked again for the next minute: a gateway that is offline now may answer then.
      await ctx.db
        .update(emergencyFittings)
        .set({ retestKind: fitting.kind, retestBookedAt: new Date(now.getTime() + MINUTE) })
        .where(eq(emergencyFittings.deviceId, fitting.deviceId));
    }
  }
  return started;
}

/**
 * Books a retest for each voided test (mains lost during it) that has none yet: the record says a
 * retest is due, the fitting's state holds the booking until the job starts it.
 */
export async function bookVoidedRetests(ctx: AppContext, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 10 * MINUTE);
  const voided = await ctx.db
    .select({ deviceId: emergencyTestRecords.deviceId, kind: emergencyTestRecords.kind, id: emergencyTestRecords.id })
    .from(emergencyTestRecords)
    .where(and(eq(emergencyTestRecords.grade, 'voided'), gt(emergencyTestRecords.createdAt, since)));
  let booked = 0;
  for (const record of voided) {
    if (record.deviceId === null) continue;
    // Claimed once per record across processes.
    const done = await runOnce(ctx.db, 'emergency-void-retest', String(record.id), async () => {
      await ctx.db
        .update(emergencyFittings)
        .set({ retestKind: record.kind, retestBookedAt: now })
        .where(and(eq(emergencyFittings.deviceId, record.deviceId!), isNull(emergencyFittings.retestKind)));
      return `booked ${record.kind}`;
    });
    if (done) booked += 1;
  }
  return booked;
}
