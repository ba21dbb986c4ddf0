import { createHmac } from 'node:crypto';
import { emergencyFaultEntries, emergencySchedules } from '../../src/db/schema.ts';
import { buildFault, buildRecord } from '../../src/routes/emergency/test-fittings.ts';
import { type EmergencyLink, signEmergencyLink } from '../../src/services/emergency/links.ts';
import type { TestApp } from '../helpers.ts';

const DAY_MS = 86_400_000;
/** The failure bit the fixtures' failed test and faults report (bit 6: lamp failure). */
const LAMP_FAILURE = 64;

/** The fitting an emergency record is built for: its network, the network's project and the device. */
interface FittingOf {
  nid: number;
  pid: number;
  deviceId: number;
}

/** A workflow entry of a fixture fault: its step and who wrote it. */
interface StepEntry {
  kind: 'safeguard' | 'rectify' | 'confirm';
  byUid?: number;
}

/**
 * The emergency record of one fitting as the calls naming a schedule, a record or a fault find it (docs/api.md
 * "Emergency lighting"): a self-test schedule, a failed test of yesterday and an open fault, signed e-mail
 * links to the fault and to the last week's report, and factories for things a destructive call uses up.
 */
export async function buildEmergencyRecord(t: TestApp, of: FittingOf) {
  const now = t.clock.now();
  const yesterday = new Date(now.getTime() - DAY_MS);
  const scheduleId = await insertSchedule(t, of.nid, 'Record schedule');
  const record = await buildRecord(t.db, of.nid, {
    deviceId: of.deviceId,
    grade: 'failed',
    failureBits: LAMP_FAILURE,
    endedAt: yesterday,
  });
  /** An open fault of the fitting whose workflow holds `steps`, oldest first. */
  const faultWith = async (steps: readonly StepEntry[]) => {
    const fault = await buildFault(t.db, of.nid, of.pid, of.deviceId, LAMP_FAILURE, yesterday);
    if (steps.length > 0) {
      await t.db.insert(emergencyFaultEntries).values(
        steps.map((step) => ({
          faultId: fault.id,
          kind: step.kind,
          at: now,
          person: 'Record keeper',
          byUid: step.byUid ?? null,
        })),
      );
    }
    return fault.id;
  };
  const faultId = await faultWith([]);
  const to = Math.floor(now.getTime() / 1000);
  const period = { from: to - (7 * DAY_MS) / 1000, to };
  const exp = to + DAY_MS / 1000;
  return {
    scheduleId,
    recordId: record.id,
    faultId,
    /** The last week: it holds the failed test and the fault. */
    period,
    /** Signed e-mail links (`emergencyPublicFault`, `emergencyPublicReport`) to the fault and the week's report. */
    faultLink: signEmergencyLink(t.app.ctx, { kind: 'fault', faultId, exp }),
    reportLink: signEmergencyLink(t.app.ctx, { kind: 'report', nid: of.nid, ...period, exp }),
    scheduleIdFresh: () => insertSchedule(t, of.nid, 'Fresh record schedule'),
    /** A fault whose safeguard and rectify are filled in: ready to be confirmed. */
    faultToConfirm: () => faultWith([{ kind: 'safeguard' }, { kind: 'rectify' }]),
    /** A fault confirmed by the user `uid`. */
    faultConfirmedBy: (uid: number) =>
      faultWith([{ kind: 'safeguard' }, { kind: 'rectify' }, { kind: 'confirm', byUid: uid }]),
  };
}

/** A link as an e-mail carries it, but signed with a secret other than the server's: a forgery. */
export function forgedEmergencyLink(link: EmergencyLink): string {
  const body = Buffer.from(JSON.stringify(link)).toString('base64url');
  return `${body}.${createHmac('sha256', 'not-the-signing-secret').update(body).digest('base64url')}`;
}

/** A monthly function test of the whole network on the 1st at 10:00 (network zone). */
async function insertSchedule(t: TestApp, nid: number, name: string): Promise<number> {
  const [row] = await t.db
    .insert(emergencySchedules)
    .values({ nid, name, testKind: 'function', day: 1, minuteOfDay: 600, target: { kind: 'network' } })
    .returning();
  return row!.id;
}
