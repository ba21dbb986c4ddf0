import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../../test/helpers.ts';
import { emergencyFaults, networks } from '../../db/schema.ts';
import { fittingSite as fittingSiteOf, fittingState as fittingStateOf, records as recordsOf } from './test-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const fittingSite = () => fittingSiteOf(t);
const records = (deviceId: number) => recordsOf(t, deviceId);
const fittingState = (deviceId: number) => fittingStateOf(t, deviceId);

describe('the record is append-only', () => {
  describeApi('at the database', () => {
    it('refuses UPDATE and DELETE of test records, faults, fault entries and mode changes; they outlive the network', async () => {
      const site = await fittingSite();
      const at = site.now();
      await site.report({
        faultBits: 8 | 64,
        test: {
          kind: 'function',
          taskId: null,
          outcome: 'done',
          startedAt: at,
          endedAt: at + 30,
          failureBits: 8 | 64,
          durationResult: null,
          delayExceeded: false,
        },
      });
      const [record] = await records(site.device.id);
      expect(record?.grade).toBe('failed');
      const refused = async (statement: ReturnType<typeof sql>) => {
        const error = await t.db.execute(statement).then(
          () => null,
          (failure: Error & { cause?: Error }) => failure,
        );
        expect(error?.cause?.message ?? error?.message).toMatch(/emergency records are append-only/);
      };
      await refused(sql`UPDATE emergency_test_records SET grade = 'passed' WHERE id = ${record!.id}`);
      await refused(sql`DELETE FROM emergency_test_records WHERE id = ${record!.id}`);
      await refused(sql`UPDATE emergency_faults SET failure_bits = 0 WHERE device_id = ${site.device.id}`);
      await refused(sql`DELETE FROM emergency_faults WHERE device_id = ${site.device.id}`);
      await refused(sql`UPDATE emergency_fault_entries SET remark = 'x' WHERE kind = 'opened'`);
      await refused(sql`DELETE FROM emergency_mode_changes WHERE device_id = ${site.device.id}`);
      await refused(sql`UPDATE emergency_mode_changes SET to_mode = 0 WHERE device_id = ${site.device.id}`);
      expect((await records(site.device.id))[0]).toEqual(record);

      // The network and its devices go (the recycle bin's purge deletes the row); the record stays.
      await t.db.delete(networks).where(eq(networks.id, site.nid));
      expect(await fittingState(site.device.id)).toBeUndefined();
      const kept = await records(site.device.id);
      expect(kept).toEqual([record]);
      expect(kept[0]).toMatchObject({ networkName: site.network.name, fittingName: 'Exit sign 1', location: 'Stairs' });
      const faults = await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.nid, site.nid));
      expect(faults).toHaveLength(1);
    });
  });
});
