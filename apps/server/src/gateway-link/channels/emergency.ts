import { ElementType, modeTestKind, modeTestState, STATUS_BITS, type TestKind } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceElements, deviceReadings, devices, emergencyFittings, emergencyModeChanges } from '../../db/schema.ts';
import type { Applied, LinkedGateway } from '../../link-types.ts';
import { type EmergencyReport, emergencyTypeOfDevice, loadNames, openFault, recordTest } from './emergency-records.ts';

/*
 * Emergency fittings (`emergency` reports on the report channel, or the mesh HTTP call; docs/gateway-protocol.md
 * "Emergency reports"): the report kept once, fitting state, mode changes, graded test records and opened faults.
 */

const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * An emergency report: kept once per gateway and sequence as a reading of its device, and then applied to
 * the fitting (`applyEmergencyReport`) in the same transaction. A report of an unknown device, or one kept
 * before, changes nothing.
 */
export async function applyEmergency(
  db: Db,
  gateway: LinkedGateway,
  message: EmergencyReport,
  now: Date,
): Promise<Applied> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id, name: devices.name, mac: devices.mac })
      .from(devices)
      .where(and(eq(devices.nid, gateway.nid), eq(devices.isVirtual, false), eq(devices.mac, message.mac)))
      .limit(1);
    if (!device) return {};
    const inserted = await tx
      .insert(deviceReadings)
      .values({
        gatewayId: gateway.id,
        seq: message.seq,
        deviceId: device.id,
        kind: message.kind,
        at: toDate(message.at),
        value: { mode: message.mode, faultBits: message.faultBits },
      })
      .onConflictDoNothing()
      .returning({ seq: deviceReadings.seq });
    if (inserted.length === 0) return {};
    await applyEmergencyReport(tx, gateway, device, message, now);
    return { devices: { nid: gateway.nid, ids: [device.id] } };
  });
}

/** Test the fitting holds pending or runs, from its mode (or status bits when the mode is plain). */
function testsOf(report: EmergencyReport): { pending: TestKind | null; running: TestKind | null } {
  const kind = modeTestKind(report.mode);
  const state = modeTestState(report.mode);
  const bits = report.statusBits ?? 0;
  const pendingByBits: TestKind | null =
    bits & STATUS_BITS.durationTestPending ? 'duration' : bits & STATUS_BITS.functionTestPending ? 'function' : null;
  return {
    running: state === 'running' ? kind : null,
    pending: state === 'pending' || state === 'delayExceeded' ? kind : pendingByBits,
  };
}

/**
 * Applies one emergency report of a known device, kept once by the caller: the element's mode and faults,
 * the fitting's state (only from a report newer than the last one applied), a mode change, a graded test
 * record for a test result, and a fault for newly set failure bits.
 */
async function applyEmergencyReport(
  tx: Db,
  gateway: LinkedGateway,
  device: { id: number; name: string; mac: string },
  report: EmergencyReport,
  now: Date,
): Promise<void> {
  // Only a device with an emergency element is a fitting; a report naming another device changes nothing.
  if ((await emergencyTypeOfDevice(tx, device.id)) === 0) return;
  const at = toDate(report.at);
  const [previous] = await tx
    .select()
    .from(emergencyFittings)
    .where(eq(emergencyFittings.deviceId, device.id))
    .for('update');
  const newer = !previous?.lastReportAt || previous.lastReportAt.getTime() <= at.getTime();
  const names = await loadNames(tx, gateway.nid, device);
  if (newer) {
    await tx
      .update(deviceElements)
      .set({ mode: report.mode, faultBits: report.faultBits, updatedAt: now })
      .where(
        and(
          eq(deviceElements.deviceId, device.id),
          report.index === undefined
            ? inArray(deviceElements.type, [ElementType.emergencyOne, ElementType.emergencyTwo])
            : eq(deviceElements.index, report.index),
        ),
      );
    if (!previous || previous.mode !== report.mode) {
      await tx.insert(emergencyModeChanges).values({
        nid: names.nid,
        deviceId: device.id,
        fittingName: names.fittingName,
        location: names.zoneName,
        at,
        fromMode: previous?.mode ?? null,
        toMode: report.mode,
        statusBits: report.statusBits ?? previous?.statusBits ?? 0,
        failureBits: report.faultBits,
      });
    }
  }
  const record = report.test ? await recordTest(tx, gateway, names, previous ?? null, report, now) : null;
  await openFault(tx, names, previous ?? null, report, record?.id ?? null);
  const tests = testsOf(report);
  const state = {
    nid: names.nid,
    ...(report.index === undefined ? {} : { elementIndex: report.index }),
    ...(newer
      ? {
          mode: report.mode,
          failureBits: report.faultBits,
          ...(report.statusBits === undefined ? {} : { statusBits: report.statusBits }),
          ...(report.batteryCharge === undefined ? {} : { batteryCharge: report.batteryCharge }),
          ...(report.mainsPresent === undefined ? {} : { mainsPresent: report.mainsPresent }),
          ...(report.ratedDuration === undefined ? {} : { ratedMinutes: report.ratedDuration * 2 }),
          testPending: tests.pending,
          testRunning: tests.running,
          lastReportAt: at,
        }
      : {}),
    ...(record?.fittingUpdate ?? {}),
    updatedAt: now,
  };
  await tx
    .insert(emergencyFittings)
    .values({ deviceId: device.id, ...state })
    .onConflictDoUpdate({ target: emergencyFittings.deviceId, set: state });
}
