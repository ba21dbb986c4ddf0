import { Code, isTaskEnded, type TaskDetail } from '@lightwell/domain';
import type { SimGateway } from '@lightwell/simulator';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devices, emergencyFaults, emergencyFittings, emergencyTestRecords, nodes, zones } from '../src/db/schema.ts';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from './helpers.ts';
import { waitFor } from './mqtt/fake-gateway.ts';
import { simulatedGateway } from './support/simulated-gateway.ts';

const STAIRS_A = 'EC0000000001';
const STAIRS_B = 'EC0000000002';
const HALL = 'EC0000000003';
const LAMP = 'EC0000000004';
/** Simulated time runs 60 times faster: a 30-second function test takes half a second. */
const FAST = { timeScale: 60, functionTestSeconds: 30 };

describeApi('emergency tests over MQTT with a simulated gateway', () => {
  let t: TestApp;
  let gateway: SimGateway | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('a function test on a zone comes back with a graded result per fitting; a lamp fault fails and opens a fault', async () => {
    const { owner, network } = await networkTeam(t);
    const sim = await simulatedGateway(
      t,
      network.id,
      {
        devices: [
          { mac: STAIRS_A, address: 2, kind: 'emergencyOne', model: 'M-EM1', emergency: FAST },
          { mac: STAIRS_B, address: 3, kind: 'emergencyOne', model: 'M-EM1', emergency: FAST },
          { mac: HALL, address: 4, kind: 'emergencyTwo', model: 'M-EM2', emergency: FAST },
          { mac: LAMP, address: 5, kind: 'dt6', model: 'M-DT6' },
        ],
      },
      'gw-em',
    );
    const row = sim.row;
    gateway = sim.gateway;
    gateway.start();
    await gateway.whenConnected();
    const byMac = await waitFor(
      async () => {
        const rows = await t.db.select().from(devices).where(eq(devices.gatewayId, row.id));
        return rows.length === 4 ? new Map(rows.map((d) => [d.mac, d])) : null;
      },
      10_000,
      'the inventory',
    );
    // Each fitting reports its state first: mode normal, battery full, 3 h rated.
    await waitFor(
      async () =>
        (await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.nid, network.id))).length === 3,
      10_000,
      'the first emergency reports',
    );
    const [stairs] = await t.db
      .insert(zones)
      .values({
        nid: network.id,
        name: 'Stairs',
        points: [
          { x: 0, y: 0 },
          { x: 9, y: 0 },
          { x: 9, y: 9 },
        ],
      })
      .returning();
    const stairFittings = [byMac.get(STAIRS_A)!, byMac.get(STAIRS_B)!];
    await t.db.insert(nodes).values(
      [...stairFittings, byMac.get(LAMP)!].map((device) => ({
        nid: network.id,
        zoneId: stairs!.id,
        rid: device.id,
        name: device.name,
      })),
    );
    gateway.failEmergency(STAIRS_B, 'lamp');

    const reply = await call(
      t.app,
      'emergencyAction',
      { nid: network.id, target: { kind: 'zone', ids: [stairs!.id] }, action: 'functionTest' },
      owner.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    const { taskId, fittings } = reply.body.data as { taskId: number; fittings: number };
    expect(fittings).toBe(2);

    const task = await waitFor(
      async () => {
        const detail = (await call(t.app, 'taskGet', { taskId }, owner.session)).body.data as TaskDetail;
        return isTaskEnded(detail.status) ? detail : null;
      },
      10_000,
      'the task',
    );
    expect(task).toMatchObject({ status: 3, total: 2, executed: 2, failed: 0 });

    const ids = stairFittings.map((device) => device.id);
    const results = await waitFor(
      async () => {
        const rows = await t.db
          .select()
          .from(emergencyTestRecords)
          .where(inArray(emergencyTestRecords.deviceId, ids))
          .orderBy(asc(emergencyTestRecords.deviceId));
        return rows.length === 2 ? rows : null;
      },
      15_000,
      'the test results',
    );
    expect(results.map((r) => [r.mac, r.kind, r.grade, r.startSource, r.taskId, r.location])).toEqual([
      [STAIRS_A, 'function', 'passed', 'manual', taskId, 'Stairs'],
      [STAIRS_B, 'function', 'failed', 'manual', taskId, 'Stairs'],
    ]);
    expect(results[1]!.failureBits).toBe(8 | 64);
    expect(results[0]!.requestedBy).toBe(owner.user.id);
    // The hall fitting was not in the zone: no test.
    const hall = await t.db
      .select()
      .from(emergencyTestRecords)
      .where(eq(emergencyTestRecords.deviceId, byMac.get(HALL)!.id));
    expect(hall).toEqual([]);

    const faults = await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.nid, network.id));
    expect(faults.map((f) => [f.mac, f.failureBits, f.testRecordId])).toEqual([[STAIRS_B, 8 | 64, results[1]!.id]]);
    const [state] = await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.deviceId, ids[0]!));
    expect(state).toMatchObject({
      mode: 0,
      lastFunctionRecordId: results[0]!.id,
      testTaskId: null,
      mainsPresent: true,
    });
    expect((state!.statusBits & 2) === 2).toBe(true);
  });
});
