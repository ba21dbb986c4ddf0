import { isFaultyDevice } from '@lightwell/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deviceElements, emergencyFittings } from '../db/schema.ts';
import { openFaultCounts } from './emergency/elements.ts';

/**
 * The devices among `deviceIds` the console counts faulty at `now` (`isFaultyDevice`: a light or emergency
 * element reporting a problem, device status flags with a control gear or lamp fault, an emergency fitting's
 * failure bits, or an open fault of it in the fault log). The network overview, the home page and the lobby
 * dashboard all count faulty devices with this, so their figures agree.
 */
export async function loadFaultyDevices(db: Db, deviceIds: readonly number[], now: Date): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const elements = await db
    .select({
      deviceId: deviceElements.deviceId,
      type: deviceElements.type,
      isD4i: deviceElements.isD4i,
      status: deviceElements.status,
      flags: deviceElements.flags,
      bankAt: deviceElements.bankAt,
      faultBits: deviceElements.faultBits,
    })
    .from(deviceElements)
    .where(inArray(deviceElements.deviceId, [...deviceIds]));
  return faultyAmong(db, deviceIds, elements, now);
}

/** The element fields the fault rule reads, as the `device_elements` table keeps them. */
type FaultElementRow = Pick<
  typeof deviceElements.$inferSelect,
  'deviceId' | 'type' | 'isD4i' | 'status' | 'flags' | 'bankAt' | 'faultBits'
>;

/**
 * `loadFaultyDevices` for a caller that has read the devices' elements already (the live device states):
 * only the fittings' failure bits and open faults are read.
 */
export async function faultyAmong(
  db: Db,
  deviceIds: readonly number[],
  elements: readonly FaultElementRow[],
  now: Date,
): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const ids = [...deviceIds];
  const fittings = await db
    .select({ deviceId: emergencyFittings.deviceId, failureBits: emergencyFittings.failureBits })
    .from(emergencyFittings)
    .where(inArray(emergencyFittings.deviceId, ids));
  const failureBits = new Map(fittings.map((row) => [row.deviceId, row.failureBits]));
  const openFaults = await openFaultCounts(db, ids);
  const elementsOf = new Map<number, FaultElementRow[]>();
  for (const row of elements) elementsOf.set(row.deviceId, [...(elementsOf.get(row.deviceId) ?? []), row]);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return new Set(
    ids.filter((id) =>
      isFaultyDevice(
        {
          elements: (elementsOf.get(id) ?? []).map((row) => ({
            type: row.type,
            isD4i: row.isD4i,
            status: row.status,
            flags: row.flags,
            faultBits: row.faultBits,
            bankAt: row.bankAt ? Math.floor(row.bankAt.getTime() / 1000) : null,
          })),
          emergencyFailureBits: failureBits.get(id) ?? 0,
          openEmergencyFaults: openFaults.get(id) ?? 0,
        },
        nowSeconds,
      ),
    ),
  );
}
