import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, sensorDiagnoses, sensorDiagnosisDevices, users } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import { type DiagnosisRow, presentDiagnosis } from '../../presenters/sensor-diagnosis.ts';

/** A diagnosis task by id; 1013 when there is none (as for someone else's). */
export async function findDiagnosis(db: Db, id: number): Promise<DiagnosisRow> {
  const [row] = await db.select().from(sensorDiagnoses).where(eq(sensorDiagnoses.id, id)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/** The real motion sensors of a network a diagnosis can watch (virtual devices send no triggers). */
export async function diagnosableSensors(db: Db, nid: number) {
  return db
    .select({ id: devices.id, name: devices.name, mac: devices.mac })
    .from(devices)
    .where(and(eq(devices.nid, nid), eq(devices.kind, 'motionSensor'), eq(devices.isVirtual, false)))
    .orderBy(asc(devices.name), asc(devices.id));
}

/** The sensors a task watches, by name. */
export async function sensorsOf(db: Db, diagnosisId: number) {
  return db
    .select({ id: devices.id, name: devices.name, mac: devices.mac })
    .from(sensorDiagnosisDevices)
    .innerJoin(devices, eq(devices.id, sensorDiagnosisDevices.deviceId))
    .where(eq(sensorDiagnosisDevices.diagnosisId, diagnosisId))
    .orderBy(asc(devices.name), asc(devices.id));
}

/** Tasks as listed: each with its sensor count and its creator's name. */
export async function presentDiagnoses(db: Db, rows: DiagnosisRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const counts = await db
    .select({ id: sensorDiagnosisDevices.diagnosisId, n: count() })
    .from(sensorDiagnosisDevices)
    .where(inArray(sensorDiagnosisDevices.diagnosisId, ids))
    .groupBy(sensorDiagnosisDevices.diagnosisId);
  const uids = [...new Set(rows.map((row) => row.createdBy).filter((uid): uid is number => uid !== null))];
  const names =
    uids.length === 0
      ? []
      : await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, uids));
  const countOf = new Map(counts.map((row) => [row.id, Number(row.n)]));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) =>
    presentDiagnosis(
      row,
      countOf.get(row.id) ?? 0,
      row.createdBy === null ? null : (nameOf.get(row.createdBy) ?? null),
    ),
  );
}
