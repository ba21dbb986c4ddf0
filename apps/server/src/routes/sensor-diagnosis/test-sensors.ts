import { networkTeam, type TestApp } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { deviceReadings, gateways, telemetryReadings } from '../../db/schema.ts';
import { buildDevices } from '../scene/test-devices.ts';

/** 2027-01-15 09:00:00 UTC, the start of most tasks here. */
export const START = Date.parse('2027-01-15T09:00:00Z') / 1000;

let seq = 0;
/** A network with its team, a gateway, three real motion sensors, a virtual one and a luminaire. */
/**
 * `ensurePartitions` makes the readings partitions of the given days (telemetry's own step, which the
 * test passes in: nothing outside telemetry/ but its index may import it).
 */
export async function sensorNetwork(t: TestApp, ensurePartitions: (db: Db, days: Date[]) => Promise<unknown>) {
  const team = await networkTeam(t);
  const nid = team.network.id;
  const [gateway] = await t.db
    .insert(gateways)
    .values({ nid, sn: `gw-diag-${nid}`, name: 'Gateway', secretHash: 'x', status: 2, meshStatus: 1 })
    .returning();
  const sensors = await buildDevices(t.db, nid, 3, { kind: 'motionSensor' });
  const [virtualSensor] = await buildDevices(t.db, nid, 1, { kind: 'motionSensor', isVirtual: true });
  const [luminaire] = await buildDevices(t.db, nid, 1);
  /** A `sensorTrigger` report of `n` triggers at `at` (epoch seconds). */
  const trigger = async (deviceId: number, at: number, n = 1) => {
    seq += 1;
    await t.db.insert(deviceReadings).values({
      gatewayId: gateway!.id,
      seq,
      deviceId,
      kind: 'sensorTrigger',
      at: new Date(at * 1000),
      value: { count: n },
    });
    return seq;
  };
  /** A `readings` report counting `n` triggers in the interval that ends at `at`. */
  const reading = async (deviceId: number, at: number, n: number, reportSeq?: number) => {
    if (reportSeq === undefined) seq += 1;
    await ensurePartitions(t.db, [new Date(at * 1000)]);
    await t.db.insert(telemetryReadings).values({
      gatewayId: gateway!.id,
      seq: reportSeq ?? seq,
      deviceId,
      element: 0,
      at: new Date(at * 1000),
      triggers: n,
    });
  };
  return {
    ...team,
    nid,
    gateway: gateway!,
    sensors,
    virtualSensor: virtualSensor!,
    luminaire: luminaire!,
    trigger,
    reading,
  };
}
