import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { emergencyTestRecords } from '../../db/schema.ts';
import type { TestRecordRow } from '../../presenters/emergency.ts';
import { recordAudit } from '../audit.ts';

/**
 * Corrects a test record: a copy of `record` that names it (`correctsId`) with the actor's remark is stored,
 * the original kept as it was, and the correction audited.
 */
export async function correctTestRecord(
  ctx: AppContext,
  actor: { uid: number; network: Pick<NetworkRow, 'pid'> },
  record: TestRecordRow,
  remark: string,
): Promise<TestRecordRow> {
  const { id, createdAt: _createdAt, ...copy } = record;
  const [row] = await ctx.db
    .insert(emergencyTestRecords)
    .values({ ...copy, correctsId: id, remark, requestedBy: actor.uid, createdAt: ctx.now() })
    .returning();
  await recordAudit(ctx.db, {
    action: 'emergency.record.correct',
    actorUid: actor.uid,
    pid: actor.network.pid,
    nid: record.nid,
    after: { recordId: id, correction: row!.id },
  });
  return row!;
}
