import { randomBytes } from 'node:crypto';
import { type NumberedReport, SimGateway, Ticker } from '@lightwell/simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, networkTeam, type TestApp } from '../../test/helpers.ts';
import { waitFor } from '../../test/mqtt/fake-gateway.ts';
import { devices, gateways, reportGaps, reportReceipts, telemetryHourly, telemetryReadings } from '../db/schema.ts';
import { hashGatewaySecret } from '../gateway-link/credentials.ts';

const LAMP = 'CC0000000001';
const SENSOR = 'CC0000000002';

describeApi('telemetry: a simulated gateway replays its buffer', () => {
  let t: TestApp;
  let gateway: SimGateway | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('keeps counting while offline, replays on reconnect; a counter reset and a driver swap add no spike', async () => {
    const { network } = await networkTeam(t);
    const sn = `gw-replay-${randomBytes(4).toString('hex')}`;
    const secret = randomBytes(12).toString('hex');
    const [row] = await t.db
      .insert(gateways)
      .values({ nid: network.id, sn, name: sn, secretHash: hashGatewaySecret(secret) })
      .returning();
    const produced: NumberedReport[] = [];
    gateway = new SimGateway({
      sn,
      secret,
      brokerUrl: t.brokerUrl,
      ticker: new Ticker(50, 100),
      reportPeriodMs: 200,
      sensorMeanMs: 0,
      latencyMs: 0,
      reconnect: { minMs: 100, maxMs: 300 },
      resendAfterMs: 1000,
      onReport: (report) => produced.push(report),
      devices: [
        { mac: LAMP, address: 2, kind: 'd4i', model: 'M-D4I', onOff: 1, lightness: 100, ratedPower: 36 },
        { mac: SENSOR, address: 4, kind: 'motionSensor', model: 'M-PIR' },
      ],
    });
    gateway.start();
    await gateway.whenConnected();
    const lamp = await waitFor(
      async () => (await t.db.select().from(devices).where(eq(devices.mac, LAMP))).find((d) => d.nid === network.id),
      5000,
      'lamp',
    );
    await t.db.update(devices).set({ ratedPower: 36 }).where(eq(devices.id, lamp.id));
    await waitFor(() => produced.filter((r) => r.kind === 'readings').length >= 3, 5000, 'readings');
    gateway.resetCounter(LAMP);
    await waitFor(() => produced.filter((r) => r.kind === 'readings').length >= 6, 5000, 'readings after reset');
    gateway.goOfflineFor(1500);
    const offlineAt = produced.length;
    await waitFor(() => gateway!.connected && produced.length > offlineAt + 3, 10_000, 'back online');
    gateway.swapDriver(LAMP);
    await waitFor(() => produced.filter((r) => r.kind === 'readings').length >= 20, 10_000, 'more readings');
    gateway.setReportPeriod(0);
    const last = produced.at(-1)!.seq;
    await waitFor(() => gateway!.reports.confirmed >= last, 10_000, `confirmed up to ${last}`);

    const receipts = await t.db.select().from(reportReceipts).where(eq(reportReceipts.gatewayId, row!.id));
    expect(receipts.map((r) => Number(r.seq)).sort((a, b) => a - b)).toEqual(produced.map((r) => r.seq));
    expect(await t.db.select().from(reportGaps).where(eq(reportGaps.gatewayId, row!.id))).toEqual([]);
    const readings = produced.filter((r) => r.kind === 'readings');
    const rows = await t.db.select().from(telemetryReadings).where(eq(telemetryReadings.gatewayId, row!.id));
    expect(rows.length).toBe(readings.reduce((n, r) => n + r.devices.reduce((m, d) => m + d.elements.length, 0), 0));
    const lampRows = rows
      .filter((r) => r.deviceId === lamp.id)
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    // Three segments: the first reading, the reset (the counter falls), the swap (a new driver serial).
    // A segment's first reading is a baseline, or, after a break, counts its small new value when it lies
    // under rated power × elapsed × 1.2 (whole-second times make that depend on when it came): never a spike.
    const starts = lampRows.filter(
      (r, i) =>
        i === 0 ||
        r.energySerial !== lampRows[i - 1]!.energySerial ||
        (r.energyRaw ?? 0) < (lampRows[i - 1]!.energyRaw ?? 0),
    );
    expect(starts.length).toBe(3);
    expect(starts[0]!.deltaStatus).toBe('baseline');
    for (const start of starts.slice(1)) expect(['baseline', 'counted']).toContain(start.deltaStatus);
    expect(lampRows.filter((r) => r.deltaStatus === 'baseline')).toHaveLength(
      starts.filter((r) => r.deltaStatus === 'baseline').length,
    );
    expect(lampRows.filter((r) => r.deltaStatus === 'quarantined')).toEqual([]);
    // 36 W for the few seconds of the test: far below 1 Wh per reading, never a lifetime spike.
    const [total] = await t.db
      .select({ wh: sql<string>`sum(${telemetryHourly.energyWh})::text` })
      .from(telemetryHourly)
      .where(eq(telemetryHourly.deviceId, lamp.id));
    const seconds = (lampRows.at(-1)!.at.getTime() - lampRows[0]!.at.getTime()) / 1000 + 5;
    expect(Number(total!.wh)).toBeLessThanOrEqual((36 * seconds) / 3600 + 0.2);
  });
});
