import type { DiagnosisState, DiagnosisTask } from '@lightwell/domain';
import type { sensorDiagnoses } from '../db/schema.ts';

/** A diagnosis task row. */
export type DiagnosisRow = typeof sensorDiagnoses.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A diagnosis task as it leaves the server: times in epoch seconds, the creator by name only. */
export function presentDiagnosis(row: DiagnosisRow, sensorCount: number, createdBy: string | null): DiagnosisTask {
  return {
    id: row.id,
    nid: row.nid,
    state: row.state as DiagnosisState,
    startTime: seconds(row.startAt),
    endTime: seconds(row.endAt),
    interval: row.intervalSeconds,
    allSensors: row.allSensors,
    sensorCount,
    createdBy,
    createTime: seconds(row.createdAt),
    cancelTime: row.canceledAt ? seconds(row.canceledAt) : null,
  };
}
