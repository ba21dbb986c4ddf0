import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NumberedReport, SimGateway, Ticker } from '@lightwell/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { gateways, networks, users } from '../src/db/schema.ts';
import { hashGatewaySecret } from '../src/gateway-link/credentials.ts';
import { createProject } from '../src/services/create-default-project.ts';
import { createPgDatabase, databaseAvailable, SIGNING_SECRET, TEST_DB } from './helpers.ts';
import { waitFor } from './mqtt/fake-gateway.ts';
import { freePort } from './mqtt/mosquitto.ts';
import { buildShippedBundle, type ShippedBundle } from './support/shipped-bundle.ts';

/*
 * The drill: 100 simulated gateways stream readings while the server process is killed with SIGKILL twice
 * and restarted; then some gateways lose a report on the way (the console must ask for it again). At the
 * end every report they produced is stored exactly once (count and checksum), no gap is recorded, and every
 * lost report was asked for and refilled. On PostgreSQL (a database that outlives the process) and on
 * PGlite (the server's data folder, opened again by each new process and by the test at the end).
 */
const GATEWAYS = 100;
/** Three luminaires and a motion sensor per gateway. */
const DEVICES = 4;
/** Gateways that lose one report on the way once the server has restarted twice. */
const LOSSY = 20;

describe.skipIf(!databaseAvailable)(`telemetry drill (${TEST_DB}): the server is killed twice mid-stream`, () => {
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let server: ChildProcess | null = null;
  const sims: SimGateway[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-drill-'));
  let httpPort = 0;
  let mqttPort = 0;
  let bundle: ShippedBundle | undefined;

  /** Starts the console as `npm start` ships it, as its own process, and resolves once it answers HTTP. */
  async function startServer(): Promise<void> {
    bundle ??= await buildShippedBundle();
    const child = spawn(process.execPath, [bundle.path], {
      env: {
        ...process.env,
        ...(url ? { DATABASE_URL: url } : {}),
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        MQTT_HOST: '127.0.0.1',
        // Every simulated gateway connects from this one address.
        MQTT_MAX_CONNECTIONS_PER_ADDRESS: String(2 * GATEWAYS),
        SIGNING_SECRET,
        DEMO: 'false',
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    server = child;
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
        return fetch(`http://127.0.0.1:${httpPort}/`).then(
          () => true,
          () => false,
        );
      },
      90_000,
      'the server answering',
    );
  }

  async function stopServer(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = server!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** The database the server uses, opened by the test (PGlite: only while no server runs). */
  const openStore = () => openDatabase({ url, dataDir });

  beforeAll(async () => {
    if (TEST_DB === 'pg') {
      const database = await createPgDatabase();
      url = database.url;
      drop = database.drop;
    }
    httpPort = await freePort();
    mqttPort = await freePort();
  });
  afterAll(async () => {
    for (const sim of sims) await sim.stop();
    if (server) await stopServer('SIGKILL');
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  it('stores every report exactly once and refills every hole it asked for', { timeout: 300_000 }, async () => {
    const credentials = Array.from({ length: GATEWAYS }, (_, i) => ({
      sn: `gw-drill-${i}-${randomBytes(3).toString('hex')}`,
      secret: randomBytes(12).toString('hex'),
    }));
    const seed = await openStore();
    const [user] = await seed.db
      .insert(users)
      .values({ name: 'Drill', email: 'drill@lightwell.test', passwordHash: 'x' })
      .returning({ id: users.id });
    const pid = await createProject(seed.db, { uid: user!.id, name: 'Drill', remarks: '', isDefault: true });
    const [network] = await seed.db
      .insert(networks)
      .values({ pid, name: 'Drill', createdBy: user!.id })
      .returning({ id: networks.id });
    await seed.db
      .insert(gateways)
      .values(
        credentials.map((c) => ({ nid: network!.id, sn: c.sn, name: c.sn, secretHash: hashGatewaySecret(c.secret) })),
      );
    await seed.close();

    await startServer();
    const produced = new Map<string, NumberedReport[]>();
    /** Ranges each gateway was asked to send again. */
    const asked = new Map<string, [number, number][]>();
    /** Reports a lossy gateway did not deliver the first time. */
    const dropped = new Map<string, number>();
    let lossy = false;
    const ticker = new Ticker(100, 250);
    credentials.forEach(({ sn, secret }, g) => {
      produced.set(sn, []);
      asked.set(sn, []);
      const sim: SimGateway = new SimGateway({
        sn,
        secret,
        brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
        ticker,
        reportPeriodMs: 1000,
        sensorMeanMs: 0,
        latencyMs: 0,
        reconnect: { minMs: 200, maxMs: 2000 },
        // Longer than the console takes to ask: a hole is refilled by its request, not by the timer.
        resendAfterMs: 60_000,
        onReport: (report) => produced.get(sn)!.push(report),
        devices: Array.from({ length: DEVICES }, (_, d) => ({
          mac: `DD${g.toString(16).padStart(2, '0')}000000${d.toString(16).padStart(2, '0')}`.toUpperCase(),
          address: d + 2,
          kind: d === DEVICES - 1 ? ('motionSensor' as const) : ('dt6' as const),
          model: d === DEVICES - 1 ? 'D-PIR' : 'D-DT6',
          onOff: 1 as const,
          lightness: 70,
          ratedPower: 30,
        })),
      });
      // The console's messages on the gateway's command topic: the resend requests are noted.
      const sender = (sim as unknown as { reportSender: { handle(body: unknown): boolean } }).reportSender;
      const handle = sender.handle.bind(sender);
      sender.handle = (body) => {
        const resend = (body as { resend?: { from: number; to: number } } | null)?.resend;
        if (resend) asked.get(sn)!.push([resend.from, resend.to]);
        return handle(body);
      };
      if (g < LOSSY) {
        // The gateway's report channel loses the first copy of one readings report (then sends as usual).
        const inner = sim as unknown as { publish(channel: string, message: unknown, retain?: boolean): Promise<void> };
        const publish = inner.publish.bind(sim);
        inner.publish = (channel, message, retain) => {
          const report = message as NumberedReport;
          if (lossy && channel === 'report' && report.kind === 'readings' && !dropped.has(sn)) {
            dropped.set(sn, report.seq);
            return Promise.resolve();
          }
          return publish(channel, message, retain);
        };
      }
      sims.push(sim);
      sim.start();
    });
    await Promise.all(sims.map((sim) => sim.whenConnected()));
    const count = () => [...produced.values()].reduce((n, list) => n + list.length, 0);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const started = Date.now();

    // Killed while reports wait for their confirmation (the gateways then hold them for the replay).
    const unconfirmed = () => sims.reduce((n, sim) => n + sim.reports.pending.length, 0);
    await pause(4000);
    await waitFor(() => unconfirmed() > 0, 10_000, 'an unconfirmed report');
    const pendingAtKills = [unconfirmed()];
    await stopServer('SIGKILL');
    const atFirstKill = count();
    await startServer();
    await pause(3000);
    await waitFor(() => unconfirmed() > 0, 10_000, 'an unconfirmed report');
    pendingAtKills.push(unconfirmed());
    await stopServer('SIGKILL');
    await startServer();
    await Promise.all(sims.map((sim) => sim.whenConnected()));
    // Running again: some gateways lose a report on the way.
    lossy = true;
    const reconnectsAtLoss = new Map(sims.map((sim) => [sim.sn, sim.reconnects]));
    await waitFor(() => dropped.size === LOSSY, 30_000, 'a lost report on every lossy gateway');
    await pause(2000);
    for (const sim of sims) sim.setReportPeriod(0);
    const last = new Map([...produced].map(([sn, list]) => [sn, list.at(-1)!.seq]));
    await waitFor(
      () => sims.every((sim) => sim.reports.confirmed >= last.get(sim.sn)!),
      180_000,
      'every report confirmed',
    );
    console.log(
      `drill (${TEST_DB}): ${GATEWAYS} gateways, ${count()} reports, ${atFirstKill} before the first kill, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s from the first report to the last confirmation`,
    );
    expect(atFirstKill).toBeGreaterThan(GATEWAYS * 4);
    expect(Math.min(...pendingAtKills)).toBeGreaterThan(0);
    // Every lost report was asked for by the console (and is stored, below).
    for (const [sn, seq] of dropped) {
      const list = produced.get(sn)!.map((r) => r.seq);
      expect(
        asked.get(sn)!.some(([from, to]) => from <= seq && seq <= to),
        `${sn} asked for ${seq}: ${JSON.stringify(asked.get(sn))}, after it ${list.filter((n) => n > seq).length} reports, ` +
          `reconnects ${reconnectsAtLoss.get(sn)} before the loss, ${sims.find((sim) => sim.sn === sn)!.reconnects} at the end`,
      ).toBe(true);
    }

    await stopServer('SIGTERM');
    const store = await openStore();
    try {
      const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
        ((await store.db.execute(query)) as unknown as { rows: T[] }).rows;
      const receipts = await rowsOf<{ sn: string; seq: string }>(
        sql`SELECT g.sn, r.seq::text AS seq FROM report_receipts r JOIN gateways g ON g.id = r.gateway_id ORDER BY g.sn, r.seq`,
      );
      const gaps = await rowsOf(sql`SELECT * FROM report_gaps`);
      const marks = await rowsOf<{ sn: string; stored_up_to: string }>(
        sql`SELECT g.sn, m.stored_up_to::text AS stored_up_to FROM report_marks m JOIN gateways g ON g.id = m.gateway_id`,
      );
      const rows = await rowsOf<{ line: string }>(
        sql`SELECT g.sn || ':' || r.seq || ':' || d.mac || ':' || r.element || ':' || coalesce(r.energy_raw::text, '-')
             || ':' || coalesce(r.triggers::text, '-') AS line
           FROM telemetry_readings r JOIN gateways g ON g.id = r.gateway_id JOIN devices d ON d.id = r.device_id`,
      );
      const expectedReceipts = [...produced]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .flatMap(([sn, list]) => list.map((report) => `${sn}:${report.seq}`));
      expect(receipts.map((r) => `${r.sn}:${r.seq}`)).toEqual(expectedReceipts);
      expect(gaps).toEqual([]);
      // The stored-up-to mark of each gateway reached its last report.
      expect(marks.every((m) => Number(m.stored_up_to) === last.get(m.sn))).toBe(true);
      const expectedLines = [...produced]
        .flatMap(([sn, list]) =>
          list.flatMap((report) =>
            report.kind === 'readings'
              ? report.devices.flatMap((device) =>
                  device.elements.map(
                    (e) => `${sn}:${report.seq}:${device.mac}:${e.index}:${e.energy?.raw ?? '-'}:${e.triggers ?? '-'}`,
                  ),
                )
              : [],
          ),
        )
        .sort();
      const checksum = (lines: string[]) => createHash('sha256').update(lines.join('\n')).digest('hex');
      const stored = rows.map((r) => r.line).sort();
      expect(stored.length).toBe(expectedLines.length);
      expect(new Set(stored).size).toBe(stored.length);
      expect(checksum(stored)).toBe(checksum(expectedLines));
      // Usage time is the on-time the readings carried, added once however often the server died.
      const usage = await rowsOf<{ mac: string; seconds: string }>(
        sql`SELECT mac, usage_seconds::text AS seconds FROM devices WHERE usage_seconds > 0`,
      );
      const onTime = new Map<string, number>();
      for (const report of [...produced.values()].flat()) {
        if (report.kind !== 'readings') continue;
        for (const device of report.devices) {
          const seconds = Math.max(0, ...device.elements.map((e) => e.onSeconds ?? 0));
          if (seconds > 0) onTime.set(device.mac, (onTime.get(device.mac) ?? 0) + seconds);
        }
      }
      expect(onTime.size).toBe(GATEWAYS * (DEVICES - 1));
      const byMac = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : 1);
      expect(usage.map((u): [string, number] => [u.mac, Number(u.seconds)]).sort(byMac)).toEqual(
        [...onTime].sort(byMac),
      );
    } finally {
      await store.close();
    }
  });
});
