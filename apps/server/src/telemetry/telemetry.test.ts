import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, TEST_DB, type TestApp } from '../../test/helpers.ts';
import { send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import {
  devices,
  gatewayDiagnoses,
  reportGaps,
  reportReceipts,
  telemetryHourly,
  telemetryReadings,
} from '../db/schema.ts';
import { dropExpiredReadings, pruneReceipts, storeReports } from './index.ts';
import { ROWS_PER_TRANSACTION, type StoreOutcome } from './store-reports.ts';
import { energy, gatewayWithDevices, LAMP, readings, SENSOR, T0 } from './test-gateway.ts';
import { ensurePartitions, isPartitioned } from './write-readings.ts';

describeApi('telemetry: durable reports, readings and rollups', () => {
  let t: TestApp;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await t.close();
  });

  it('stores a report once per (gateway, seq) and confirms stored-up-to only after the commit', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 100, at: T0 });
    await send(g.client, g.sn, 'report', readings(101, T0 + 300, [{ index: 0, energy: energy(1000), onSeconds: 300 }]));
    await send(g.client, g.sn, 'report', readings(101, T0 + 300, [{ index: 0, energy: energy(1000), onSeconds: 300 }]));
    await send(g.client, g.sn, 'report', readings(102, T0 + 600, [{ index: 0, energy: energy(1002), onSeconds: 300 }]));
    await g.confirmed(102);
    const rows = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, g.gateway.id));
    expect(rows.map((r) => Number(r.seq)).sort()).toEqual([101, 102]);
    // Every confirmation found all reports up to its number (from the stream start, 100) committed.
    const seen = await Promise.all(g.storedAtConfirm);
    expect(seen.length).toBeGreaterThan(0);
    for (const { upTo, committed } of seen) expect(committed).toBe(upTo - 99);
    // The readings' on-time is the lamp's usage time, counted once: the repeated 101 added nothing.
    const usage = async () => (await t.db.select().from(devices).where(eq(devices.id, g.lamp.id)))[0]!.usageSeconds;
    expect(await usage()).toBe(600);
    // Two channels lit in one report are one light on: the longest counts.
    await send(
      g.client,
      g.sn,
      'report',
      readings(103, T0 + 900, [
        { index: 0, energy: energy(1003), onSeconds: 120 },
        { index: 1, onSeconds: 200 },
      ]),
    );
    await g.confirmed(103);
    expect(await usage()).toBe(800);
  });

  it('asks for a missing range, stores it when resent, and records a range the gateway lost as a gap', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 1, at: T0 });
    await send(g.client, g.sn, 'report', readings(2, T0 + 300, [{ index: 0, energy: energy(10) }]));
    await g.confirmed(2);
    await send(g.client, g.sn, 'report', readings(4, T0 + 900, [{ index: 0, energy: energy(12) }]));
    await waitFor(() => g.commands.some((c) => JSON.stringify(c.resend) === '{"from":3,"to":3}'), 5000, 'resend 3');
    expect(g.commands.some((c) => (c.storedUpTo as number) > 2)).toBe(false);
    await send(g.client, g.sn, 'report', readings(3, T0 + 600, [{ index: 0, energy: energy(11) }]));
    await g.confirmed(4);

    await send(g.client, g.sn, 'report', readings(7, T0 + 1800, [{ index: 0, energy: energy(15) }]));
    await send(g.client, g.sn, 'report', { kind: 'lost', from: 5, to: 6, at: T0 + 1800 });
    await g.confirmed(7);
    const gaps = await t.db.select().from(reportGaps).where(eq(reportGaps.gatewayId, g.gateway.id));
    expect(gaps.map((gap) => [Number(gap.fromSeq), Number(gap.toSeq), gap.reason])).toEqual([[5, 6, 'lost']]);
    // Visible on the gateway page's diagnosis list.
    const diagnoses = await t.db.select().from(gatewayDiagnoses).where(eq(gatewayDiagnoses.gatewayId, g.gateway.id));
    expect(diagnoses).toMatchObject([{ level: 'warning', code: 'reports.lost' }]);
    // The replayed older reading re-based the delta of the one after it: 10 → 11 → 12, then 15.
    const hourly = await t.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, g.lamp.id));
    expect(hourly.reduce((sum, h) => sum + Number(h.energyWh), 0)).toBe(5);
  });

  it('a gateway that lost its counter starts a new stream: the numbers in between become a visible restart gap', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 10, at: T0 });
    await send(g.client, g.sn, 'report', readings(11, T0 + 300, [{ index: 0, energy: energy(5) }]));
    await g.confirmed(11);
    await send(g.client, g.sn, 'report', readings(13, T0 + 900, [{ index: 0, energy: energy(7) }]));
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 20, at: T0 + 1000 });
    await g.confirmed(20);
    const gaps = await t.db.select().from(reportGaps).where(eq(reportGaps.gatewayId, g.gateway.id));
    expect(gaps.map((gap) => [Number(gap.fromSeq), Number(gap.toSeq), gap.reason]).sort()).toEqual([
      [12, 12, 'restart'],
      [14, 19, 'restart'],
    ]);
  });

  it('retention removes raw readings of old months (dropping partitions on PostgreSQL) and keeps the rollups', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    const old = Date.UTC(2024, 0, 15, 12) / 1000;
    const gateway = { id: g.gateway.id, nid: g.network.id, sn: g.sn };
    await storeReports(
      t.db,
      [
        {
          gateway,
          reports: [
            {
              kind: 'readings',
              seq: 1,
              at: old,
              devices: [{ mac: LAMP, elements: [{ index: 0, energy: energy(1) }] }],
            },
            {
              kind: 'readings',
              seq: 2,
              at: old + 600,
              devices: [{ mac: LAMP, elements: [{ index: 0, energy: energy(3) }] }],
            },
            { kind: 'readings', seq: 3, at: T0, devices: [{ mac: LAMP, elements: [{ index: 0, energy: energy(4) }] }] },
          ],
        },
      ],
      new Date(T0 * 1000),
    );
    const partitioned = await isPartitioned(t.db);
    expect(partitioned).toBe(TEST_DB === 'pg');
    const message = await dropExpiredReadings(t.db, 25, new Date(T0 * 1000));
    expect(message).toMatch(
      partitioned ? /month partitions before 2024-10 dropped/ : /raw readings before 2024-10 deleted/,
    );
    const rows = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.deviceId, g.lamp.id));
    expect(rows.map((r) => Number(r.seq))).toEqual([3]);
    const hourly = await t.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, g.lamp.id));
    // The last delta spans almost three years: spread over their hours, still 1 Wh in all.
    expect(hourly.reduce((n, h) => n + Number(h.energyWh), 0)).toBeCloseTo(3, 9);
  });

  it('old receipts at or below the mark are pruned; a report delivered again after that stores nothing twice', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    const gateway = { id: g.gateway.id, nid: g.network.id, sn: g.sn };
    const lamp = (seq: number, raw: number) => ({
      kind: 'readings' as const,
      seq,
      at: T0 + seq * 300,
      devices: [{ mac: LAMP, elements: [{ index: 0, energy: energy(raw), onSeconds: 300 }] }],
    });
    // Received after the last of its readings (T0 + 1500): readings stamped ahead of the clock are refused.
    const stored = new Date((T0 + 1800) * 1000);
    await storeReports(
      t.db,
      [{ gateway, reports: [{ kind: 'streamStart', seq: 1, at: T0 }, lamp(2, 10), lamp(3, 12)] }],
      stored,
    );
    // Number 5 arrives, 4 does not: 5 is above the mark (3) and must keep its receipt.
    await storeReports(t.db, [{ gateway, reports: [lamp(5, 20)] }], stored);
    const receipts = async () =>
      (await t.db.select().from(reportReceipts).where(eq(reportReceipts.gatewayId, gateway.id)))
        .map((r) => Number(r.seq))
        .sort((a, b) => a - b);
    const state = async () => ({
      rows: (await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.deviceId, g.lamp.id))).length,
      usage: (await t.db.select().from(devices).where(eq(devices.id, g.lamp.id)))[0]!.usageSeconds,
      energy: (await t.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, g.lamp.id))).reduce(
        (n, h) => n + Number(h.energyWh),
        0,
      ),
    });
    const before = await state();
    expect(before).toMatchObject({ rows: 3, usage: 900 });

    // A week later they are kept; eight days later those at or below the mark go.
    expect(await pruneReceipts(t.db, 7, new Date(stored.getTime() + 7 * 86_400_000 - 1000))).toMatch(/^0 /);
    expect(await pruneReceipts(t.db, 7, new Date(stored.getTime() + 8 * 86_400_000))).toMatch(/^3 /);
    expect(await receipts()).toEqual([5]);

    // Report 3 comes again, and the gateway says it lost 2-4: only 4 becomes a gap, the rest is unchanged.
    const outcomes = await storeReports(
      t.db,
      [{ gateway, reports: [lamp(3, 12), { kind: 'lost', from: 2, to: 4, at: T0 + 1500 }] }],
      stored,
    );
    expect(outcomes.at(-1)?.mark?.storedUpTo).toBe(5);
    expect(await state()).toEqual(before);
    const gaps = await t.db.select().from(reportGaps).where(eq(reportGaps.gatewayId, gateway.id));
    expect(gaps.map((gap) => [Number(gap.fromSeq), Number(gap.toSeq), gap.reason])).toEqual([[4, 4, 'lost']]);

    // 4 turns up after all and fills its gap; its receipt outlives pruning, so a second copy adds nothing.
    await storeReports(t.db, [{ gateway, reports: [lamp(4, 16)] }], stored);
    const filled = await state();
    expect(filled).toMatchObject({ rows: 4, usage: 1200 });
    await pruneReceipts(t.db, 7, new Date(stored.getTime() + 16 * 86_400_000));
    expect(await receipts()).toEqual([4]);
    await storeReports(t.db, [{ gateway, reports: [lamp(4, 16), lamp(5, 20)] }], stored);
    expect(await state()).toEqual(filled);
  });

  it("keeps a gateway's reports in one transaction where they fit, so transactions in flight share no device", async () => {
    const limit = (await isPartitioned(t.db)) ? ROWS_PER_TRANSACTION.pg : ROWS_PER_TRANSACTION.pglite;
    const fleet: Awaited<ReturnType<typeof gatewayWithDevices>>[] = [];
    for (let n = 0; n < 4; n += 1) {
      const g = await gatewayWithDevices(t);
      clients.push(g.client);
      fleet.push(g);
    }
    // Two rows a report (the lamp and the sensor): three gateways of 0.4 of a transaction each (the second
    // would have been split between two), and one of 1.5 transactions, which must be split.
    const counts = [0.4, 0.4, 0.4, 1.5].map((share) => Math.round((share * limit) / 2));
    const batches = fleet.map((g, n) => ({
      gateway: { id: g.gateway.id, nid: g.network.id, sn: g.sn },
      reports: Array.from({ length: counts[n]! }, (_, i) => ({
        kind: 'readings' as const,
        seq: i + 1,
        at: T0 + 60 * (i + 1),
        devices: [
          { mac: LAMP, elements: [{ index: 0, energy: energy(100 + i), onSeconds: 60 }] },
          { mac: SENSOR, elements: [{ index: 0, triggers: 1 }] },
        ],
      })),
    }));
    const transactions: StoreOutcome[][] = [];
    await storeReports(t.db, batches, new Date(), (outcomes) => transactions.push(outcomes));
    const holding = (g: (typeof fleet)[number]) =>
      transactions.filter((outcomes) => outcomes.some((outcome) => outcome.gateway.id === g.gateway.id)).length;
    expect(fleet.map(holding)).toEqual([1, 1, 1, 2]);
    for (const [n, g] of fleet.entries()) {
      const [stored] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(telemetryReadings)
        .where(eq(telemetryReadings.gatewayId, g.gateway.id));
      expect(stored!.n).toBe(2 * counts[n]!);
    }
  });

  it('a reading whose key is stored already is not counted again: the write is redone carefully', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    const gateway = { id: g.gateway.id, nid: g.network.id, sn: g.sn };
    const at = new Date((T0 + 600) * 1000);
    await storeReports(t.db, [{ gateway, reports: [{ kind: 'streamStart', seq: 1, at: T0 }] }], new Date());
    // The lamp's row of report 2 is there before its report (no receipt): only the sensor's row is new.
    await ensurePartitions(t.db, [at]);
    await t.db
      .insert(telemetryReadings)
      .values({ gatewayId: g.gateway.id, seq: 2, deviceId: g.lamp.id, element: 0, at, onSeconds: 30 });
    const outcomes = await storeReports(
      t.db,
      [
        {
          gateway,
          reports: [
            {
              kind: 'readings',
              seq: 2,
              at: T0 + 600,
              devices: [
                { mac: LAMP, elements: [{ index: 0, energy: energy(50), onSeconds: 600 }] },
                { mac: SENSOR, elements: [{ index: 0, triggers: 3, occupiedSeconds: 120 }] },
              ],
            },
          ],
        },
      ],
      new Date(),
    );
    expect(outcomes.map((outcome) => outcome.mark?.storedUpTo)).toEqual([2]);
    const stored = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, g.gateway.id));
    expect(stored.map((row) => [row.deviceId, row.onSeconds, row.triggers]).sort()).toEqual(
      [
        [g.lamp.id, 30, null],
        [g.sensor.id, null, 3],
      ].sort(),
    );
    // Only the written row counts: no usage time for the lamp, the sensor's hour holds its reading alone.
    const [lamp] = await t.db.select().from(devices).where(eq(devices.id, g.lamp.id));
    expect(lamp!.usageSeconds).toBe(0);
    const hours = await t.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, g.sensor.id));
    expect(hours.map((hour) => [hour.readings, hour.triggers, hour.occupiedSeconds])).toEqual([[1, 3, 120]]);
    expect(await t.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, g.lamp.id))).toEqual([]);
  });

  it('readings of a device without an inventory ask the gateway for it', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    const asked = () => g.commands.filter((c) => c.sendInventory === true).length;
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 1, at: T0 });
    await send(g.client, g.sn, 'report', readings(2, T0 + 300, [{ index: 0, energy: energy(10) }]));
    await g.confirmed(2);
    expect(asked()).toBe(0);
    const stranger = 'BB00000000FF';
    await send(g.client, g.sn, 'report', readings(3, T0 + 600, [{ index: 0, energy: energy(5) }], stranger));
    await g.confirmed(3);
    await waitFor(() => asked() === 1, 5000, 'an inventory request');
  });
});
