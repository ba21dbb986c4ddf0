import { type ElementReading, maskOf } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../test/helpers.ts';
import { send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import { devices, telemetryDaily, telemetryHourly, telemetryReadings } from '../db/schema.ts';
import { storeReports } from './index.ts';
import { recomputeRollups } from './rollups.ts';
import { energy, gatewayWithDevices, LAMP, readings, SENSOR, T0 } from './test-gateway.ts';

describeApi('telemetry: counter deltas over resets, swaps and gaps, and the rollups they add up to', () => {
  let t: TestApp;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await t.close();
  });

  it('a reset counts its plausible new value, a swapped driver starts a segment at 0, an implausible delta is quarantined', async () => {
    const g = await gatewayWithDevices(t);
    clients.push(g.client);
    const at = (minutes: number) => T0 + minutes * 60;
    const sequence = [
      energy(5_000_000), // a driver with a long life: a baseline, not 5,000 kWh
      energy(5_000_002),
      energy(1), // counter reset
      energy(3),
      energy(700, 'DRV-2'), // swapped driver
      energy(701, 'DRV-2'),
      energy(2000, 'DRV-2'), // 1299 Wh in 5 minutes from a 100 W lamp: quarantined
      energy(2001, 'DRV-2'),
      { raw: maskOf(6), scale: 0, serial: 'DRV-2', source: 'd4i' as const }, // absent
    ];
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 1, at: at(0) });
    for (const [i, counter] of sequence.entries()) {
      await send(g.client, g.sn, 'report', readings(i + 2, at(5 * (i + 1)), [{ index: 0, energy: counter }]));
    }
    await g.confirmed(sequence.length + 1);
    const rows = await t.db
      .select()
      .from(telemetryReadings)
      .where(eq(telemetryReadings.deviceId, g.lamp.id))
      .orderBy(telemetryReadings.at);
    expect(rows.map((r) => [r.deltaStatus, r.deltaWh === null ? null : Number(r.deltaWh)])).toEqual([
      ['baseline', 0],
      ['counted', 2],
      // Reset to 1 Wh five minutes later: below 100 W × 5 min × 1.2 = 10 Wh, so the 1 Wh counts.
      ['counted', 1],
      ['counted', 2],
      ['baseline', 0],
      ['counted', 1],
      ['quarantined', 1299],
      ['counted', 1],
      [null, null],
    ]);
    expect(rows.at(-1)).toMatchObject({ energyRaw: null, energyStatus: 'absent' });
    const [hour] = await t.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, g.lamp.id));
    expect(Number(hour!.energyWh)).toBe(7);
    expect(Number(hour!.quarantinedWh)).toBe(1299);
  });

  // Santiago's days start on whole UTC hours (days summed from the hours); Kolkata's at :30 (from the readings).
  it.each([
    ['America/Santiago', 'UTC-3'],
    ['Asia/Kolkata', 'UTC+5:30'],
  ])(
    'rollups equal the raw sums; daily rollups use the site-local date (%s); trigger counts come from stored triggers',
    async (zone) => {
      const g = await gatewayWithDevices(t, zone);
      clients.push(g.client);
      await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 1, at: T0 });
      let seq = 1;
      let raw = 100;
      // Two days of readings every 30 minutes, sent out of order in pairs.
      const reports: unknown[] = [];
      for (let i = 1; i <= 96; i += 1) {
        seq += 1;
        raw += i % 3;
        const at = T0 + i * 1800;
        reports.push({
          kind: 'readings',
          seq,
          at,
          devices: [
            {
              mac: LAMP,
              elements: [{ index: 0, energy: energy(raw), onSeconds: 1800, power: { raw: 95, scale: -1 } }],
            },
            { mac: SENSOR, elements: [{ index: 0, triggers: i % 4, occupiedSeconds: (i % 4) * 60 }] },
          ],
        });
      }
      for (let i = 0; i < reports.length; i += 2) {
        await send(g.client, g.sn, 'report', reports[i + 1]);
        await send(g.client, g.sn, 'report', reports[i]);
      }
      await g.confirmed(seq);
      const raws = await t.db.execute(
        sql`SELECT coalesce(sum(delta_wh) FILTER (WHERE delta_status = 'counted'), 0)::text AS wh,
            coalesce(sum(triggers), 0)::int AS triggers, coalesce(sum(on_seconds), 0)::int AS on
          FROM telemetry_readings WHERE device_id IN (${g.lamp.id}, ${g.sensor.id})`,
      );
      const total = (raws as unknown as { rows: { wh: string; triggers: number; on: number }[] }).rows[0]!;
      const sums = async (table: typeof telemetryHourly | typeof telemetryDaily) => {
        const rows = await t.db.select().from(table).where(sql`${table.deviceId} IN (${g.lamp.id}, ${g.sensor.id})`);
        return {
          wh: rows.reduce((s, r) => s + Number(r.energyWh), 0),
          triggers: rows.reduce((s, r) => s + Number(r.triggers), 0),
          on: rows.reduce((s, r) => s + Number(r.onSeconds), 0),
          d4i: rows.reduce((s, r) => s + Number(r.d4iWh), 0),
        };
      };
      const hourly = await sums(telemetryHourly);
      const daily = await sums(telemetryDaily);
      expect(hourly).toEqual({ wh: Number(total.wh), triggers: total.triggers, on: total.on, d4i: Number(total.wh) });
      expect(daily).toEqual(hourly);
      // 95 readings after the baseline: raw grew by the sum of i % 3 for i = 2..96.
      expect(hourly.wh).toBe(Array.from({ length: 95 }, (_, k) => (k + 2) % 3).reduce((a, b) => a + b, 0));
      const days = await t.db.select().from(telemetryDaily).where(eq(telemetryDaily.deviceId, g.lamp.id));
      // 09:00 UTC on 26 Nov is 06:00 in Santiago (UTC-3), 14:30 in Kolkata: two days of readings span three local dates.
      expect(days.map((d) => d.day).sort()).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
      // Each local day holds the readings whose stamp `at` falls on that date there ([start, end)).
      const perDay = await t.db.execute(
        sql`SELECT (at AT TIME ZONE ${zone})::date::text AS day,
            coalesce(sum(delta_wh) FILTER (WHERE delta_status = 'counted'), 0)::float8 AS wh
          FROM telemetry_readings WHERE device_id = ${g.lamp.id} GROUP BY 1 ORDER BY 1`,
      );
      expect(days.sort((a, b) => (a.day < b.day ? -1 : 1)).map((d) => [d.day, Number(d.energyWh)])).toEqual(
        (perDay as unknown as { rows: { day: string; wh: number }[] }).rows.map((r) => [r.day, Number(r.wh)]),
      );
      const [sensor] = await t.db.select().from(devices).where(eq(devices.id, g.sensor.id));
      expect(sensor!.sensorTriggerCount).toBe(total.triggers);
    },
  );
  it('a gateway offline for three days: the counter delta is spread over the gap hours, marked, and adds up', async () => {
    const g = await gatewayWithDevices(t, 'Europe/London');
    clients.push(g.client);
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 1, at: T0 });
    await send(g.client, g.sn, 'report', readings(2, T0 + 300, [{ index: 0, energy: energy(1000), onSeconds: 300 }]));
    await send(g.client, g.sn, 'report', readings(3, T0 + 600, [{ index: 0, energy: energy(1001), onSeconds: 300 }]));
    const back = T0 + 600 + 3 * 86_400;
    // 2,400 Wh over 72 hours: the counter's delta across the gap (the numbers in between were lost).
    await send(g.client, g.sn, 'report', { kind: 'lost', from: 4, to: 291, at: back });
    await send(g.client, g.sn, 'report', readings(292, back, [{ index: 0, energy: energy(3401), onSeconds: 300 }]));
    await send(g.client, g.sn, 'report', readings(293, back + 900, [{ index: 0, energy: energy(3411) }]));
    await g.confirmed(293);
    const hourly = async () =>
      (await t.db.select().from(telemetryHourly).where(eq(telemetryHourly.deviceId, g.lamp.id))).sort(
        (a, b) => a.hour.getTime() - b.hour.getTime(),
      );
    let hours = await hourly();
    // 09:10 to 09:10 three days later touches 73 UTC hours, every one of them marked as spread.
    const spread = hours.filter((h) => Number(h.spreadWh) > 0);
    expect(spread).toHaveLength(73);
    expect(spread.reduce((sum, h) => sum + Number(h.spreadWh), 0)).toBeCloseTo(2400, 9);
    expect(hours.reduce((sum, h) => sum + Number(h.energyWh), 0)).toBeCloseTo(2411, 9);
    // A whole hour of the gap holds 2,400 × 3,600 / 259,200 = 33.333 Wh, in whole mWh.
    expect(hours.map((h) => Number(h.spreadWh))).toContain(33.333);
    expect(hours.find((h) => h.hour.getTime() === (T0 + 3600) * 1000)).toMatchObject({ readings: 0, d4iWh: '33.333' });
    const days = await t.db.select().from(telemetryDaily).where(eq(telemetryDaily.deviceId, g.lamp.id));
    expect(days.reduce((sum, d) => sum + Number(d.spreadWh), 0)).toBeCloseTo(2400, 9);
    expect(days.reduce((sum, d) => sum + Number(d.energyWh), 0)).toBeCloseTo(2411, 9);
    expect(days.map((d) => d.day).sort()).toEqual(['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);

    // A report from the middle of the gap turns up after all: two shorter gaps, the same total.
    await send(g.client, g.sn, 'report', readings(150, T0 + 600 + 86_400, [{ index: 0, energy: energy(2001) }]));
    await waitFor(
      async () => (await hourly()).reduce((sum, h) => sum + Number(h.spreadWh), 0) < 2400,
      5000,
      'spread again',
    );
    hours = await hourly();
    expect(hours.reduce((sum, h) => sum + Number(h.energyWh), 0)).toBeCloseTo(2411, 9);
    // 1,000 Wh over the first day (41.667 Wh an hour), 1,400 Wh over the next two (29.167 Wh, to the mWh).
    const mWh = (hour: number) =>
      Math.round(Number(hours.find((h) => h.hour.getTime() === hour * 1000)?.spreadWh) * 1000);
    expect([41_666, 41_667]).toContain(mWh(T0 + 3600));
    expect([29_166, 29_167]).toContain(mWh(T0 + 86_400 + 3600));
    const after = await t.db.select().from(telemetryDaily).where(eq(telemetryDaily.deviceId, g.lamp.id));
    expect(after.reduce((sum, d) => sum + Number(d.energyWh), 0)).toBeCloseTo(2411, 9);
  });

  it('hours that only gain readings are added up, and equal recomputing every hour from its readings', async () => {
    const g = await gatewayWithDevices(t, 'Europe/Madrid');
    clients.push(g.client);
    const gateway = { id: g.gateway.id, nid: g.network.id, sn: g.sn };
    const now = new Date();
    // Two hours of minute readings from the lamp and the sensor, stored in batches of 7 reports as they would
    // arrive: a counter reset, a swapped driver, an implausible jump, triggers, a report arriving late (after
    // later ones of its hour were stored) and a three-hour silence spread over its hours.
    let raw = 5000;
    let serial = 'DRV-1';
    const stream: { seq: number; at: number; lamp: ElementReading; sensor: ElementReading }[] = [];
    for (let minute = 1; minute <= 150; minute += 1) {
      raw += minute % 9 === 0 ? 0 : 1 + (minute % 3);
      if (minute === 40) raw = 3;
      if (minute === 80) serial = 'DRV-2';
      if (minute === 100) raw += 900;
      const at = T0 + minute * 60 + (minute > 120 ? 3 * 3600 : 0);
      stream.push({
        seq: minute + 1,
        at,
        lamp: { index: 0, energy: energy(raw, serial), onSeconds: 60 },
        sensor: { index: 0, triggers: minute % 4, occupiedSeconds: (minute % 4) * 15 },
      });
    }
    const late = stream.splice(30, 1)[0]!;
    stream.splice(45, 0, late);
    await storeReports(t.db, [{ gateway, reports: [{ kind: 'streamStart', seq: 1, at: T0 }] }], now);
    for (let from = 0; from < stream.length; from += 7) {
      const reports = stream.slice(from, from + 7).map((r) => ({
        kind: 'readings' as const,
        seq: r.seq,
        at: r.at,
        devices: [
          { mac: LAMP, elements: [r.lamp] },
          { mac: SENSOR, elements: [r.sensor] },
        ],
      }));
      await storeReports(t.db, [{ gateway, reports }], now);
    }
    const snapshot = async () =>
      (
        await t.db
          .select()
          .from(telemetryHourly)
          .where(sql`${telemetryHourly.deviceId} IN (${g.lamp.id}, ${g.sensor.id})`)
      )
        .map((h) => ({ ...h, at: `${h.deviceId}:${h.hour.toISOString()}` }))
        .sort((a, b) => a.at.localeCompare(b.at));
    const stored = await snapshot();
    expect(stored.reduce((n, h) => n + h.readings, 0)).toBe(300);
    expect(stored.some((h) => Number(h.spreadWh) > 0)).toBe(true);
    expect(stored.some((h) => Number(h.quarantinedWh) > 0)).toBe(true);
    // Every hour recomputed from its readings, as a write that moves a delta would.
    const all = await t.db
      .select({ deviceId: telemetryReadings.deviceId, at: telemetryReadings.at })
      .from(telemetryReadings)
      .where(eq(telemetryReadings.gatewayId, g.gateway.id));
    const times = new Map<number, Date[]>();
    for (const row of all) times.set(row.deviceId, [...(times.get(row.deviceId) ?? []), row.at]);
    const zones = new Map([
      [g.lamp.id, 'Europe/Madrid'],
      [g.sensor.id, 'Europe/Madrid'],
    ]);
    await recomputeRollups(t.db, times, new Set(), zones);
    expect(await snapshot()).toEqual(stored);
  });

  it('a gap in a zone off whole hours (Asia/Kolkata): each local day holds its share of the spread delta, the days add up', async () => {
    const g = await gatewayWithDevices(t, 'Asia/Kolkata');
    clients.push(g.client);
    await send(g.client, g.sn, 'report', { kind: 'streamStart', seq: 1, at: T0 });
    await send(g.client, g.sn, 'report', readings(2, T0 + 300, [{ index: 0, energy: energy(1000) }]));
    await send(g.client, g.sn, 'report', readings(3, T0 + 600, [{ index: 0, energy: energy(1001) }]));
    const back = T0 + 600 + 3 * 86_400;
    await send(g.client, g.sn, 'report', { kind: 'lost', from: 4, to: 291, at: back });
    await send(g.client, g.sn, 'report', readings(292, back, [{ index: 0, energy: energy(3401) }]));
    await send(g.client, g.sn, 'report', readings(293, back + 900, [{ index: 0, energy: energy(3411) }]));
    await g.confirmed(293);
    // Local midnight in Kolkata (UTC+05:30) is 18:30 UTC: the share of (from, to] in each local day, to the mWh.
    // The share of a delta spread over (from, to] in [start, end), to the mWh.
    const share = (wh: number, from: number, to: number, start: number, end: number) => {
      const upTo = (x: number) => Math.round((wh * (Math.min(Math.max(x, from), to) - from) * 1000) / (to - from));
      return (upTo(end) - upTo(start)) / 1000;
    };
    // Local midnight in Kolkata (UTC+05:30) is 18:30 UTC.
    const midnight = (day: number) => Date.UTC(2026, 10, day, 0, 0, 0) / 1000 - 5.5 * 3600;
    const expected = (gaps: [number, number, number][]) =>
      [26, 27, 28, 29].map((day) => {
        const spread = gaps.reduce(
          (sum, [wh, from, to]) => sum + share(wh, from, to, midnight(day), midnight(day + 1)),
          0,
        );
        return [`2026-11-${day}`, spread, spread + (day === 26 ? 1 : 0) + (day === 29 ? 10 : 0)];
      });
    const days = async () =>
      (await t.db.select().from(telemetryDaily).where(eq(telemetryDaily.deviceId, g.lamp.id)))
        .sort((a, b) => (a.day < b.day ? -1 : 1))
        .map((d) => [d.day, Number(d.spreadWh), Number(d.energyWh)]);
    const one = expected([[2400, T0 + 600, back]]);
    for (const [i, row] of (await days()).entries()) {
      expect(row[0]).toBe(one[i]![0]);
      expect(row[1]).toBeCloseTo(Number(one[i]![1]), 9);
      expect(row[2]).toBeCloseTo(Number(one[i]![2]), 9);
    }
    expect(one.reduce((sum, [, spread]) => sum + Number(spread), 0)).toBeCloseTo(2400, 9);

    // A report from the middle of the gap turns up after all: every day of the old gap is recomputed.
    const mid = T0 + 600 + 86_400;
    await send(g.client, g.sn, 'report', readings(150, mid, [{ index: 0, energy: energy(2001) }]));
    const two = expected([
      [1000, T0 + 600, mid],
      [1400, mid, back],
    ]);
    await waitFor(
      async () => (await days()).every((row, i) => Math.abs(Number(row[1]) - Number(two[i]![1])) < 1e-9),
      5000,
      'split days',
    );
    for (const [i, row] of (await days()).entries()) expect(row[2]).toBeCloseTo(Number(two[i]![2]), 9);
  });
});
