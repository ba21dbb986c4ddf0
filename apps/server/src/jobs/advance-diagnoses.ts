import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sensorDiagnoses } from '../db/schema.ts';

/** Ids of the diagnosis tasks one sweep moved. */
export interface DiagnosisMoves {
  started: number[];
  finished: number[];
}

/**
 * Moves sensor diagnosis tasks at their times (spec section 4): waiting → executing at the start time,
 * waiting or executing → executed at the end time. Each move is one conditional `UPDATE … WHERE state = …`,
 * so when several server processes sweep at once the row lock lets exactly one of them make it.
 */
export async function advanceDiagnoses(db: Db, now: Date): Promise<DiagnosisMoves> {
  const finished = await db
    .update(sensorDiagnoses)
    .set({ state: 'executed', finishedAt: now })
    .where(and(inArray(sensorDiagnoses.state, ['waiting', 'executing']), lte(sensorDiagnoses.endAt, now)))
    .returning({ id: sensorDiagnoses.id });
  const started = await db
    .update(sensorDiagnoses)
    .set({ state: 'executing', startedAt: now })
    .where(and(eq(sensorDiagnoses.state, 'waiting'), lte(sensorDiagnoses.startAt, now)))
    .returning({ id: sensorDiagnoses.id });
  return { started: started.map((row) => row.id), finished: finished.map((row) => row.id) };
}
