import { ElementType, type ReportMessage } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { networkTeam, type TestApp } from '../../../test/helpers.ts';
import {
  deviceElements,
  devices,
  emergencyFittings,
  emergencyTestRecords,
  gateways,
  nodes,
  zones,
} from '../../db/schema.ts';
import type { LinkedGateway } from '../../link-types.ts';
import { hashGatewaySecret } from '../credentials.ts';
import { applyReport } from '../ingest.ts';

export type Emergency = Extract<ReportMessage, { kind: 'emergency' }>;

let macCounter = 0;
/** A network with a gateway and one emergency fitting in the zone "Stairs". */
export async function fittingSite(t: TestApp) {
  const team = await networkTeam(t);
  const nid = team.network.id;
  const sn = `gw-em-${nid}`;
  const [gateway] = await t.db
    .insert(gateways)
    .values({ nid, sn, name: sn, secretHash: hashGatewaySecret('x'), gatewayType: 3, status: 2, meshStatus: 1 })
    .returning();
  macCounter += 1;
  const mac = `EF${String(macCounter).padStart(10, '0')}`;
  const [device] = await t.db
    .insert(devices)
    .values({
      nid,
      gatewayId: gateway!.id,
      kind: 'emergency',
      name: 'Exit sign 1',
      model: 'LW-EM1',
      mac,
      address: 9,
      online: true,
    })
    .returning();
  await t.db.insert(deviceElements).values({ deviceId: device!.id, index: 0, type: ElementType.emergencyOne });
  const [zone] = await t.db
    .insert(zones)
    .values({
      nid,
      name: 'Stairs',
      points: [
        { x: 0, y: 0 },
        { x: 9, y: 0 },
        { x: 9, y: 9 },
      ],
    })
    .returning();
  await t.db.insert(nodes).values({ nid, zoneId: zone!.id, rid: device!.id, name: 'Exit sign 1' });
  const linked: LinkedGateway = { id: gateway!.id, nid, sn };
  let seq = 0;
  let at = Math.floor(t.clock.now().getTime() / 1000);
  /** Applies an emergency report as the link does, with the next sequence number and a later time. */
  const report = async (fields: Partial<Emergency>) => {
    seq += 1;
    at += 60;
    const message: Emergency = { kind: 'emergency', seq, mac, at, mode: 0, faultBits: 0, ...fields };
    await applyReport(t.db, linked, message, t.clock.now());
    return message;
  };
  return { ...team, nid, device: device!, zone: zone!, linked, report, now: () => at };
}

/** The test records of a fitting, oldest first. */
export const records = (t: TestApp, deviceId: number) =>
  t.db
    .select()
    .from(emergencyTestRecords)
    .where(eq(emergencyTestRecords.deviceId, deviceId))
    .orderBy(emergencyTestRecords.id);
/** The stored state of a fitting. */
export const fittingState = async (t: TestApp, deviceId: number) =>
  (await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.deviceId, deviceId)))[0];
