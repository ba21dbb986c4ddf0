import { buildD4iElements, type TestApp } from '../../../test/helpers.ts';
import { buildGateway } from '../../../test/mqtt/fake-gateway.ts';
import { devices } from '../../db/schema.ts';
import { storeReports } from '../../telemetry/index.ts';

const HOUR = 3600;

/**
 * A 100 W D4i lamp on a gateway of network `nid` that reported its counter every hour from `from` until
 * `until` (epoch seconds), reading `rawAt(seq)` Wh at report `seq` (1, 2, …), stored as the console stores
 * a gateway's reports (test factory).
 */
export async function storeHourlyLamp(
  t: TestApp,
  nid: number,
  { from, until, rawAt }: { from: number; until: number; rawAt: (seq: number) => number },
): Promise<void> {
  const { gateway, sn } = await buildGateway(t.db, nid);
  const [lamp] = await t.db
    .insert(devices)
    .values({
      nid,
      gatewayId: gateway.id,
      kind: 'luminaire',
      name: 'Lamp',
      model: 'LW-D4I',
      mac: 'CC0000000001',
      address: 1,
      ratedPower: 100,
    })
    .returning();
  await buildD4iElements(t.db, [lamp!.id]);
  const reports = [];
  for (let at = from, seq = 1; at < until; at += HOUR, seq++) {
    const element = { index: 0, energy: { raw: rawAt(seq), scale: 0, serial: 'D-1', source: 'd4i' as const } };
    reports.push({ kind: 'readings' as const, seq, at, devices: [{ mac: 'CC0000000001', elements: [element] }] });
  }
  await storeReports(t.db, [{ gateway: { id: gateway.id, nid, sn }, reports }], new Date(until * 1000));
}
