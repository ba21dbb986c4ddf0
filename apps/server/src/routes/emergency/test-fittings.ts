import { ElementType } from '@lightwell/domain';
import type { Db } from '../../db/client.ts';
import {
  deviceElements,
  devices,
  emergencyFaultEntries,
  emergencyFaults,
  emergencyFittings,
  emergencyTestRecords,
  nodes,
  zones,
} from '../../db/schema.ts';

let counter = 0;

/** A zone of a network (test factory). */
export async function buildZone(db: Db, nid: number, name: string) {
  const [zone] = await db
    .insert(zones)
    .values({
      nid,
      name,
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
      ],
    })
    .returning();
  return zone!;
}

/** Emergency fittings (element type 6) placed in a zone, with a state row (test factory). */
export async function buildFittings(
  db: Db,
  nid: number,
  zoneId: number | null,
  count: number,
  options: { createdAt?: Date; online?: boolean; ratedMinutes?: number } = {},
) {
  const rows = await db
    .insert(devices)
    .values(
      Array.from({ length: count }, () => {
        counter += 1;
        return {
          nid,
          kind: 'emergency',
          name: `Exit ${counter}`,
          model: 'LW-EM1',
          mac: `EF${nid.toString(16).padStart(5, '0')}${counter.toString(16).padStart(5, '0')}`.toUpperCase(),
          address: 200 + counter,
          online: options.online ?? true,
          ...(options.createdAt ? { createdAt: options.createdAt } : {}),
        };
      }),
    )
    .returning();
  await db
    .insert(deviceElements)
    .values(rows.map((row) => ({ deviceId: row.id, index: 0, type: ElementType.emergencyOne })));
  if (zoneId !== null) await db.insert(nodes).values(rows.map((row) => ({ nid, zoneId, rid: row.id, name: row.name })));
  await db.insert(emergencyFittings).values(
    rows.map((row) => ({
      deviceId: row.id,
      nid,
      mode: 0,
      batteryCharge: 254,
      mainsPresent: true,
      ratedMinutes: options.ratedMinutes ?? 180,
    })),
  );
  return rows;
}

type RecordInput = Partial<typeof emergencyTestRecords.$inferInsert> & {
  deviceId: number;
  grade: string;
  endedAt: Date;
};

/** A graded test record of a fitting as the report ingest stores it (test factory). */
export async function buildRecord(db: Db, nid: number, input: RecordInput) {
  const [row] = await db
    .insert(emergencyTestRecords)
    .values({
      nid,
      networkName: 'net',
      mac: `M${input.deviceId}`,
      fittingName: `Exit ${input.deviceId}`,
      kind: 'function',
      startSource: 'schedule',
      startedAt: new Date(input.endedAt.getTime() - 60_000),
      timeZone: 'UTC',
      createdAt: input.endedAt,
      ...input,
    })
    .returning();
  return row!;
}

/** An open fault of a fitting as the report ingest opens it, found by test record `testRecordId` (test factory). */
export async function buildFault(
  db: Db,
  nid: number,
  pid: number,
  deviceId: number,
  failureBits: number,
  openedAt: Date,
  testRecordId: number | null = null,
) {
  const [fault] = await db
    .insert(emergencyFaults)
    .values({
      testRecordId,
      nid,
      pid,
      networkName: 'net',
      projectName: 'project',
      deviceId,
      mac: `M${deviceId}`,
      fittingName: `Exit ${deviceId}`,
      location: 'Stairs',
      zoneName: 'Stairs',
      emergencyType: 1,
      failureBits,
      openedAt,
      timeZone: 'Europe/London',
    })
    .returning();
  await db.insert(emergencyFaultEntries).values({ faultId: fault!.id, kind: 'opened', at: openedAt });
  return fault!;
}
