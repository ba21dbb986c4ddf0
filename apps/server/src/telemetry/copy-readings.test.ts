import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, TEST_DB, type TestApp } from '../../test/helpers.ts';
import type { Db } from '../db/client.ts';
import { telemetryReadings } from '../db/schema.ts';
import { storeReports } from './index.ts';
import type { ReadingRow } from './reading-rows.ts';
import { energy, gatewayWithDevices, LAMP, SENSOR, T0 } from './test-gateway.ts';
import { ensurePartitions, insertReadings } from './write-readings.ts';

describeApi('telemetry: raw readings written with COPY (PostgreSQL) and with INSERT', () => {
  let t: TestApp;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await t.close();
  });

  it.skipIf(TEST_DB !== 'pg')('COPY stores exactly the rows the INSERT stores, awkward values included', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    const at = new Date((T0 + 60) * 1000);
    const row = (seq: number, deviceId: number, element: number, values: Partial<ReadingRow>): ReadingRow => ({
      gatewayId: g.gateway.id,
      seq,
      deviceId,
      element,
      at,
      energyRaw: null,
      energyScale: null,
      energySerial: null,
      energySource: null,
      energyStatus: null,
      powerW: null,
      powerStatus: null,
      onSeconds: null,
      meanLightness: null,
      ratedSeconds: null,
      triggers: null,
      occupiedSeconds: null,
      d4i: null,
      deltaWh: null,
      deltaStatus: null,
      spreadFrom: null,
      ...values,
    });
    const rows = (seq: number) => [
      row(seq, g.lamp.id, 0, {
        energyRaw: 123_456_789_012,
        energyScale: -1,
        // What COPY's text format escapes: backslash, tab, line ends; and its null marker as a value.
        energySerial: 'DRV\t1\\N\nx\r\\',
        energySource: 'd4i',
        powerW: '36.125',
        onSeconds: 60,
        meanLightness: 33.3,
        ratedSeconds: 0.1 + 0.2,
        d4i: { activeEnergy: 1.5, 'odd\t"key\\': -2e-7 },
        deltaWh: '0.123',
        deltaStatus: 'counted',
        spreadFrom: new Date((T0 - 3600) * 1000 + 1),
      }),
      row(seq, g.lamp.id, 1, { energyStatus: 'absent', energySource: 'meter', powerStatus: 'unavailable' }),
      row(seq, g.sensor.id, 0, { triggers: 3, occupiedSeconds: 120, energySerial: 'é中' }),
    ];
    await ensurePartitions(t.db, [at]);
    await t.db.transaction(async (tx) => {
      const copied = await insertReadings(tx as unknown as Db, rows(101), { embedded: false });
      const inserted = await insertReadings(tx as unknown as Db, rows(102), { embedded: false, careful: true });
      expect([copied.length, inserted.length]).toEqual([3, 3]);
    });
    const stored = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, g.gateway.id));
    const bySeq = (seq: number) =>
      stored
        .filter((r) => r.seq === seq)
        .map(({ seq: _seq, ...rest }) => rest)
        .sort((a, b) => a.deviceId - b.deviceId || a.element - b.element);
    expect(bySeq(101)).toHaveLength(3);
    expect(bySeq(101)).toEqual(bySeq(102));
    expect(bySeq(101)[0]).toMatchObject({ energySerial: 'DRV\t1\\N\nx\r\\', powerW: '36.125', deltaWh: '0.123' });
  });

  it('a batch stored again, and a batch naming one report twice, store each reading once', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    const gateway = { id: g.gateway.id, nid: g.network.id, sn: g.sn };
    const report = (seq: number, raw: number) => ({
      kind: 'readings' as const,
      seq,
      at: T0 + seq * 60,
      devices: [
        { mac: LAMP, elements: [{ index: 0, energy: energy(raw), onSeconds: 60 }] },
        { mac: SENSOR, elements: [{ index: 0, triggers: 1 }] },
      ],
    });
    await storeReports(t.db, [{ gateway, reports: [{ kind: 'streamStart', seq: 1, at: T0 }] }], new Date());
    const batch = [{ gateway, reports: [report(2, 10), report(3, 11), report(2, 10)] }];
    const first = await storeReports(t.db, batch, new Date());
    const again = await storeReports(t.db, batch, new Date());
    expect([first, again].map((outcomes) => outcomes.map((o) => o.mark?.storedUpTo))).toEqual([[3], [3]]);
    const stored = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, g.gateway.id));
    expect(stored.map((r) => `${r.seq}:${r.deviceId}`).sort()).toEqual(
      [`2:${g.lamp.id}`, `2:${g.sensor.id}`, `3:${g.lamp.id}`, `3:${g.sensor.id}`].sort(),
    );
  });
});
