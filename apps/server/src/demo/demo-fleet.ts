import { type HardwareKind, isLightElement } from '@lightwell/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import {
  deviceElements,
  devices,
  emergencyTestRecords,
  gateways,
  networks,
  sceneDevices,
  scenes,
  telemetryReadings,
} from '../db/schema.ts';
import { demoGatewaySecret } from '../gateway-link/credentials.ts';
import { DEMO_GATEWAYS, DEMO_PRODUCTS } from './demo-installation.ts';

/*
 * The demo installation as a fleet file of the simulator (apps/simulator/README.md): the server hands
 * it to whoever started it (scripts/start.mjs, the e2e setup), which runs the simulator as its own
 * process. The server never imports the simulator (docs/decisions.md); the two meet on the wire.
 */

/** A scene stored on a simulated device. */
interface DemoFleetScene {
  onOff: 0 | 1;
  lightness: number;
  cct?: number;
}

/** A simulated device of the demo fleet, with its last known light state and stored scenes. */
interface DemoFleetDevice {
  mac: string;
  address: number;
  kind: HardwareKind;
  model: string;
  firmwareVersion: string;
  hardwareVersion: string;
  serialNumber: string;
  ratedPower: number;
  onOff: 0 | 1;
  lightness: number;
  cct: number;
  scenes: Record<string, DemoFleetScene>;
}

/** A simulated gateway of the demo fleet: its credentials and its mesh. */
interface DemoFleetGateway {
  sn: string;
  secret: string;
  devices: DemoFleetDevice[];
  mesh: string;
  firmware: string;
  meshReady: boolean;
  location: { country: string; latitude: number; longitude: number };
}

/** The simulator's fleet file for the demo installation. */
export interface DemoFleet {
  brokerUrl: string;
  httpUrl: string;
  latencyMs: [number, number];
  reportPeriodMs: number;
  sensorMeanMs: number;
  /** Days of history the simulator fills first: 7 while the console has no readings of the demo devices. */
  historyDays?: number;
  /** Months of emergency self-tests the simulator sends first: 12 while the demo network has no test record. */
  emergencyHistoryMonths?: number;
  /** Where the simulated gateways keep their report sequences and replay buffers across restarts. */
  stateDir?: string;
  gateways: DemoFleetGateway[];
}

/** Days of readings a first demo start fills in (docs/decisions.md, "Demo history"). */
const DEMO_HISTORY_DAYS = 7;
/** Months of emergency self-tests a first demo start fills in: an inspector's year (docs/decisions.md). */
const DEMO_EMERGENCY_HISTORY_MONTHS = 12;

/**
 * The demo installation's gateways and devices as the simulator runs them: the stored devices with
 * their last known light state and the scenes stored on them, both gateways sharing the network's mesh.
 */
async function demoFleetGateways(ctx: AppContext): Promise<DemoFleetGateway[]> {
  const rows = await ctx.db
    .select({
      sn: gateways.sn,
      nid: gateways.nid,
      firmware: gateways.firmware,
      latitude: networks.latitude,
      longitude: networks.longitude,
    })
    .from(gateways)
    .innerJoin(networks, eq(networks.id, gateways.nid))
    .where(
      inArray(
        gateways.sn,
        DEMO_GATEWAYS.map((g) => g.sn),
      ),
    );
  if (rows.length === 0) return [];
  rows.sort((a, b) => a.sn.localeCompare(b.sn));
  const specsByNid = await demoFleetDevices(ctx, [...new Set(rows.map((row) => row.nid))]);
  return rows.map((row) => ({
    sn: row.sn,
    secret: demoGatewaySecret(ctx.keys, row.sn),
    devices: specsByNid.get(row.nid) ?? [],
    mesh: `network-${row.nid}`,
    firmware: row.firmware || '2.4.1',
    meshReady: true,
    location: { country: 'DE', latitude: row.latitude ?? 52.52, longitude: row.longitude ?? 13.405 },
  }));
}

/** The stored devices of the demo networks as the simulator runs them, by network id. */
async function demoFleetDevices(ctx: AppContext, nids: number[]): Promise<Map<number, DemoFleetDevice[]>> {
  const simKind = new Map(DEMO_PRODUCTS.map((p) => [p.model, p]));
  const deviceRows = await ctx.db
    .select()
    .from(devices)
    .where(
      and(
        inArray(devices.nid, nids),
        eq(devices.isVirtual, false),
        inArray(
          devices.model,
          DEMO_PRODUCTS.map((p) => p.model),
        ),
      ),
    );
  const ids = deviceRows.map((row) => row.id);
  const elementRows = ids.length
    ? await ctx.db.select().from(deviceElements).where(inArray(deviceElements.deviceId, ids))
    : [];
  const sceneRows = ids.length
    ? await ctx.db
        .select({
          deviceId: sceneDevices.deviceId,
          number: scenes.number,
          onOff: sceneDevices.onOff,
          lightness: sceneDevices.lightness,
          cct: sceneDevices.cct,
        })
        .from(sceneDevices)
        .innerJoin(scenes, eq(scenes.id, sceneDevices.sceneId))
        .where(inArray(sceneDevices.deviceId, ids))
    : [];
  const specsByNid = new Map<number, DemoFleetDevice[]>();
  for (const row of deviceRows) {
    if (row.address === null) continue;
    const product = simKind.get(row.model)!;
    const light = elementRows.find((e) => e.deviceId === row.id && isLightElement(e.type));
    const stored: Record<string, DemoFleetScene> = {};
    for (const scene of sceneRows.filter((s) => s.deviceId === row.id)) {
      stored[String(scene.number)] = {
        onOff: scene.onOff ? 1 : 0,
        lightness: scene.lightness,
        ...(scene.cct === null ? {} : { cct: scene.cct }),
      };
    }
    const list = specsByNid.get(row.nid) ?? [];
    list.push({
      mac: row.mac,
      address: row.address,
      kind: product.simKind,
      model: row.model,
      firmwareVersion: row.firmwareVersion,
      hardwareVersion: row.hardwareVersion,
      serialNumber: row.serialNumber,
      ratedPower: row.ratedPower ?? product.ratedPower,
      onOff: light?.onOff ? 1 : 0,
      lightness: light?.onOff ? light.lightness : 80,
      cct: light?.cct ?? 4000,
      scenes: stored,
    });
    specsByNid.set(row.nid, list);
  }
  return specsByNid;
}

/**
 * What the console already has of the demo networks (those of the demo gateways): any stored reading of
 * their devices, and any emergency test record; each asks for its history only while it has none.
 */
async function demoHistoryStored(ctx: AppContext): Promise<{ readings: boolean; testRecords: boolean }> {
  const demoNetworks = ctx.db
    .select({ nid: gateways.nid })
    .from(gateways)
    .where(
      inArray(
        gateways.sn,
        DEMO_GATEWAYS.map((g) => g.sn),
      ),
    );
  const [reading] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(telemetryReadings)
    .innerJoin(devices, eq(devices.id, telemetryReadings.deviceId))
    .where(inArray(devices.nid, demoNetworks))
    .limit(1);
  const [record] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(emergencyTestRecords)
    .where(inArray(emergencyTestRecords.nid, demoNetworks))
    .limit(1);
  return { readings: reading !== undefined, testRecords: record !== undefined };
}

/**
 * The fleet file that runs the demo installation against this console: its broker (`ctx.link.brokerUrl`),
 * the mesh-prefix HTTP calls to `httpUrl`, device latency 20-150 ms, and with `stateDir` the gateways'
 * replay buffers kept there. While the console has no readings of the demo devices it asks for
 * `DEMO_HISTORY_DAYS` of history, and while it has no emergency test record of the demo network for
 * `DEMO_EMERGENCY_HISTORY_MONTHS` of self-tests. Null when there is no demo installation.
 */
export async function demoFleet(
  ctx: AppContext,
  httpUrl: string,
  options: { stateDir?: string } = {},
): Promise<DemoFleet | null> {
  const fleet = await demoFleetGateways(ctx);
  if (fleet.length === 0) return null;
  const stored = await demoHistoryStored(ctx);
  return {
    brokerUrl: ctx.link.brokerUrl,
    httpUrl,
    latencyMs: [20, 150],
    reportPeriodMs: 60_000,
    sensorMeanMs: 90_000,
    ...(stored.readings ? {} : { historyDays: DEMO_HISTORY_DAYS }),
    ...(stored.testRecords ? {} : { emergencyHistoryMonths: DEMO_EMERGENCY_HISTORY_MONTHS }),
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
    gateways: fleet,
  };
}
