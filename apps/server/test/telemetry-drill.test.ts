import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NumberedReport, SimGateway, Ticker } from '@lightwell/simulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways } from '../src/db/schema.ts';
import { hashGatewaySecret } from '../src/gateway-link/credentials.ts';
import { buildTestApp, createPgDatabase, databaseAvailable, networkTeam, SIGNING_SECRET, TEST_DB } from './helpers.ts';
import { waitFor } from './mqtt/fake-gateway.ts';
import { freePort } from './mqtt/mosquitto.ts';

/*
 * The drill: simulated gateways stream readings while the server process is killed with SIGKILL twice
 * and restarted; at the end every report they produced is stored exactly once (count and checksum).
 * PostgreSQL only (a server process of its own needs a database that outlives it).
 */
const GATEWAYS = 6;
const DEVICES = 8;
const serverEntry = new URL('../src/server.ts', import.meta.url).pathname;
const describeDrill = TEST_DB === 'pg' && databaseAvailable ? describe : describe.skip;

describeDrill('telemetry drill: the server is killed twice mid-stream', () => {
  let url: string;
  let drop: () => Promise<void>;
  let server: ChildProcess | null = null;
  const sims: SimGateway[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-drill-'));
  let httpPort = 0;
  let mqttPort = 0;

  /** Starts the console as its own process and resolves once it answers HTTP. */
  async function startServer(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        MQTT_HOST: '127.0.0.1',
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
      60_000,
      'the server answering',
    );
  }

  async function killServer(): Promise<void> {
    const child = server!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    const database = await createPgDatabase();
    url = database.url;
    drop = database.drop;
    httpPort = await freePort();
    mqttPort = await freePort();
  });
  afterAll(async () => {
    for (const sim of sims) await sim.stop();
    if (server && server.exitCode === null) await killServer();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every report exactly once', { timeout: 240_000 }, async () => {
    // Seed a network and its gateways through an app of its own, closed again before the drill.
    const seed = await buildTestApp({}, { databaseUrl: url });
    const { network } = await networkTeam(seed);
    const credentials = Array.from({ length: GATEWAYS }, (_, i) => ({
      sn: `gw-drill-${i}-${randomBytes(3).toString('hex')}`,
      secret: randomBytes(12).toString('hex'),
    }));
    await seed.db
      .insert(gateways)
      .values(
        credentials.map((c) => ({ nid: network.id, sn: c.sn, name: c.sn, secretHash: hashGatewaySecret(c.secret) })),
      );
    await seed.close();

    await startServer();
    const produced = new Map<string, NumberedReport[]>();
    const ticker = new Ticker(50, 100);
    credentials.forEach(({ sn, secret }, g) => {
      produced.set(sn, []);
      const sim = new SimGateway({
        sn,
        secret,
        brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
        ticker,
        reportPeriodMs: 250,
        sensorMeanMs: 0,
        latencyMs: 0,
        reconnect: { minMs: 200, maxMs: 1000 },
        resendAfterMs: 2000,
        onReport: (report) => produced.get(sn)!.push(report),
        devices: Array.from({ length: DEVICES }, (_, d) => ({
          mac: `DD${g.toString(16).padStart(2, '0')}000000${d.toString(16).padStart(2, '0')}`.toUpperCase(),
          address: d + 2,
          kind: d % 4 === 3 ? ('motionSensor' as const) : ('dt6' as const),
          model: d % 4 === 3 ? 'D-PIR' : 'D-DT6',
          onOff: 1 as const,
          lightness: 70,
          ratedPower: 30,
        })),
      });
      sims.push(sim);
      sim.start();
    });
    await Promise.all(sims.map((sim) => sim.whenConnected()));
    const count = () => [...produced.values()].reduce((n, list) => n + list.length, 0);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // Reports the gateways held unconfirmed when the server died: they must come through the replay.
    const unconfirmed = () => sims.reduce((n, sim) => n + sim.reports.pending.length, 0);
    await pause(4000);
    // Killed while reports wait for their confirmation (the gateways then hold them for the replay).
    await waitFor(() => unconfirmed() > 0, 5000, 'an unconfirmed report');
    const pendingAtKills = [unconfirmed()];
    await killServer();
    const atFirstKill = count();
    await startServer();
    await pause(3000);
    await waitFor(() => unconfirmed() > 0, 5000, 'an unconfirmed report');
    pendingAtKills.push(unconfirmed());
    await killServer();
    await startServer();
    await pause(2000);
    for (const sim of sims) sim.setReportPeriod(0);
    const last = new Map([...produced].map(([sn, list]) => [sn, list.at(-1)!.seq]));
    await waitFor(
      () => sims.every((sim) => sim.reports.confirmed >= last.get(sim.sn)!),
      120_000,
      'every report confirmed',
    );
    expect(atFirstKill).toBeGreaterThan(GATEWAYS * 10);
    expect(Math.min(...pendingAtKills)).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const receipts = await client.query<{ sn: string; seq: string }>(
        `SELECT g.sn, r.seq FROM report_receipts r JOIN gateways g ON g.id = r.gateway_id ORDER BY g.sn, r.seq`,
      );
      const gaps = await client.query('SELECT * FROM report_gaps');
      const rows = await client.query<{ line: string }>(
        `SELECT g.sn || ':' || r.seq || ':' || d.mac || ':' || r.element || ':' || coalesce(r.energy_raw::text, '-')
           || ':' || coalesce(r.triggers::text, '-') AS line
         FROM telemetry_readings r JOIN gateways g ON g.id = r.gateway_id JOIN devices d ON d.id = r.device_id
         ORDER BY 1`,
      );
      const expectedReceipts = [...produced]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .flatMap(([sn, list]) => list.map((report) => `${sn}:${report.seq}`));
      expect(receipts.rows.map((r) => `${r.sn}:${r.seq}`)).toEqual(expectedReceipts);
      expect(gaps.rows).toEqual([]);
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
      const stored = rows.rows.map((r) => r.line).sort();
      expect(stored.length).toBe(expectedLines.length);
      expect(checksum(stored)).toBe(checksum(expectedLines));
    } finally {
      await client.end();
    }
  });
});
