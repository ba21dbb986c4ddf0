import { type ElementReading, gatewayTopic, maskOf, SAMPLE_D4I_BANK_RAW } from '@lightwell/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, networkTeam, TEST_DB, type TestApp } from '../../test/helpers.ts';
import { buildGateway, connectGateway, send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import {
  devices,
  gatewayDiagnoses,
  reportGaps,
  reportReceipts,
  telemetryDaily,
  telemetryHourly,
  telemetryReadings,
} from '../db/schema.ts';
import { dropExpiredReadings, pruneReceipts, storeReports } from './index.ts';
import { recomputeRollups } from './rollups.ts';
import { ROWS_PER_TRANSACTION, type StoreOutcome } from './store-reports.ts';
import { ensurePartitions, isPartitioned } from './write-readings.ts';

const LAMP = 'BB0000000001';
const SENSOR = 'BB0000000002';
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0) / 1000;

/** A gateway with two devices (a 100 W D4i lamp and a sensor), connected, listening on its command topic. */
async function gatewayWithDevices(t: TestApp, timeZone = 'UTC') {
  const { network } = await networkTeam(t);
  await t.db.execute(sql`UPDATE networks SET time_zone = ${timeZone} WHERE id = ${network.id}`);
  const { gateway, sn, secret } = await buildGateway(t.db, network.id);
  const client = await connectGateway(t.brokerUrl, sn, secret);
  const commands: Record<string, unknown>[] = [];
  /** Per confirmation: its number and how many reports up to it were committed when it arrived. */
  const storedAtConfirm: Promise<{ upTo: number; committed: number }>[] = [];
  client.on('message', (_topic, payload) => {
    const body = JSON.parse(payload.toString()) as Record<string, unknown>;
    commands.push(body);
    const upTo = body.storedUpTo;
    if (typeof upTo === 'number') {
      storedAtConfirm.push(
        t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(reportReceipts)
          .where(and(eq(reportReceipts.gatewayId, gateway.id), lte(reportReceipts.seq, upTo)))
          .then(([row]) => ({ upTo, committed: row!.n })),
      );
    }
  });
  await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
  await send(client, sn, 'inventory', {
    seq: 0,
    devices: [
      {
        mac: LAMP,
        address: 1,
        model: 'LW-D4I',
        online: true,
        elements: [{ index: 0, type: 1, d4i: SAMPLE_D4I_BANK_RAW }],
      },
      { mac: SENSOR, address: 2, model: 'LW-PIR', online: true, elements: [{ index: 0, type: 20 }] },
    ],
  });
  const lamp = await waitFor(
    async () => (await t.db.select().from(devices).where(eq(devices.mac, LAMP))).find((d) => d.nid === network.id),
    5000,
    'lamp',
  );
  const sensor = (await t.db.select().from(devices).where(eq(devices.mac, SENSOR))).find((d) => d.nid === network.id)!;
  await t.db.update(devices).set({ ratedPower: 100 }).where(eq(devices.id, lamp.id));
  const confirmed = (n: number) => waitFor(() => commands.some((c) => c.storedUpTo === n), 5000, `storedUpTo ${n}`);
  return { network, gateway, sn, client, commands, storedAtConfirm, lamp, sensor, confirmed };
}

const energy = (raw: number, serial = 'DRV-1', scale = 0) => ({ raw, scale, serial, source: 'd4i' as const });
const readings = (seq: number, at: number, elements: Record<string, unknown>[], mac = LAMP) => ({
  kind: 'readings',
  seq,
  at,
  devices: [{ mac, elements }],
});

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
