import { Code, type DiagnosisState, diagnosisStateAt } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { sensorDiagnoses, sensorDiagnosisDevices } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { DiagnosisRow } from '../../presenters/sensor-diagnosis.ts';
import { recordAudit } from '../audit.ts';

/** Who changes diagnosis tasks of which network. */
interface DiagnosisActor {
  uid: number;
  network: Pick<NetworkRow, 'id' | 'pid'>;
}

/** A new diagnosis task: its range and interval in seconds, and the sensors it counts. */
interface NewDiagnosis {
  start: number;
  end: number;
  interval: number;
  allSensors: boolean;
  sensors: number[];
}

/**
 * Creates a diagnosis task at `now` over `task.sensors`, in the state its range gives at `now` (waiting,
 * executing or already executed); audited.
 */
export function addDiagnosis(
  ctx: AppContext,
  actor: DiagnosisActor,
  task: NewDiagnosis,
  now: Date,
): Promise<DiagnosisRow> {
  const { start, end, interval, sensors } = task;
  const state: DiagnosisState = diagnosisStateAt(start, end, Math.floor(now.getTime() / 1000));
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sensorDiagnoses)
      .values({
        nid: actor.network.id,
        state,
        startAt: new Date(start * 1000),
        endAt: new Date(end * 1000),
        intervalSeconds: interval,
        allSensors: task.allSensors,
        createdBy: actor.uid,
        createdAt: now,
        startedAt: state === 'waiting' ? null : now,
        finishedAt: state === 'executed' ? now : null,
      })
      .returning();
    await tx
      .insert(sensorDiagnosisDevices)
      .values(sensors.map((deviceId) => ({ diagnosisId: inserted!.id, deviceId })));
    await recordAudit(tx, {
      action: 'sensorDiagnosis.add',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: actor.network.id,
      after: { id: inserted!.id, startTime: start, endTime: end, interval, sensors },
    });
    return inserted!;
  });
}

/**
 * Cancels a task still waiting or executing at `now`; 1083 when it has already ended (the sweep may have
 * ended it a moment ago). Audited.
 */
export function cancelDiagnosis(
  ctx: AppContext,
  actor: DiagnosisActor,
  row: DiagnosisRow,
  now: Date,
): Promise<DiagnosisRow> {
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sensorDiagnoses)
      .set({ state: 'canceled', canceledAt: now, canceledBy: actor.uid })
      .where(and(eq(sensorDiagnoses.id, row.id), inArray(sensorDiagnoses.state, ['waiting', 'executing'])))
      .returning();
    if (!updated) throw new CallError(Code.taskEnded, 'The diagnosis task has already ended.');
    await recordAudit(tx, {
      action: 'sensorDiagnosis.cancel',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: row.nid,
      before: { id: row.id, state: row.state },
      after: { id: row.id, state: 'canceled' },
    });
    return updated;
  });
}

/** Deletes a task (its sensors go with it); audited. */
export async function deleteDiagnosis(ctx: AppContext, actor: DiagnosisActor, row: DiagnosisRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sensorDiagnoses).where(eq(sensorDiagnoses.id, row.id));
    await recordAudit(tx, {
      action: 'sensorDiagnosis.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: row.nid,
      before: { id: row.id, state: row.state, startTime: Math.floor(row.startAt.getTime() / 1000) },
    });
  });
}
