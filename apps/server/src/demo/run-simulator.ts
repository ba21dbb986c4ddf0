import { isLightElement } from '@lightwell/domain';
import {
  type ControlServer,
  type SimDeviceSpec,
  type SimGatewaySpec,
  type Simulator,
  type StoredScene,
  startControlServer,
  startSimulator,
} from '@lightwell/simulator';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { deviceElements, devices, gateways, networks, sceneDevices, scenes } from '../db/schema.ts';
import { demoGatewaySecret } from '../gateway-link/credentials.ts';
import { DEMO_GATEWAYS, DEMO_PRODUCTS } from './demo-installation.ts';

export interface DemoSimulator {
  simulator: Simulator;
  control: ControlServer | null;
  stop(): Promise<void>;
}

/**
 * The demo installation's gateways and devices as the simulator runs them: the stored devices with
 * their last known light state and the scenes stored on them, both gateways sharing the network's mesh.
 */
export async function demoFleet(ctx: AppContext): Promise<SimGatewaySpec[]> {
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
  const nids = [...new Set(rows.map((row) => row.nid))];
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
  const specsByNid = new Map<number, SimDeviceSpec[]>();
  for (const row of deviceRows) {
    if (row.address === null) continue;
    const product = simKind.get(row.model)!;
    const light = elementRows.find((e) => e.deviceId === row.id && isLightElement(e.type));
    const stored: Record<string, StoredScene> = {};
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
  return rows.map((row) => ({
    sn: row.sn,
    secret: demoGatewaySecret(ctx.signingSecret, row.sn),
    devices: specsByNid.get(row.nid) ?? [],
    mesh: `network-${row.nid}`,
    firmware: row.firmware || '2.4.1',
    meshReady: true,
    location: { country: 'DE', latitude: row.latitude ?? 52.52, longitude: row.longitude ?? 13.405 },
  }));
}

/**
 * Runs the demo installation's simulated gateways in this process against the console's broker
 * (`ctx.link.brokerUrl`), with the mesh-prefix HTTP calls to `httpUrl`, and the status and control
 * endpoint on `controlPort` when given. Answers null when there is no demo installation.
 */
export async function startDemoSimulator(
  ctx: AppContext,
  options: { httpUrl: string; controlPort?: number | undefined; log: FastifyBaseLogger },
): Promise<DemoSimulator | null> {
  const fleet = await demoFleet(ctx);
  if (fleet.length === 0) return null;
  const simulator = await startSimulator({
    brokerUrl: ctx.link.brokerUrl,
    gateways: fleet,
    httpUrl: options.httpUrl,
    latencyMs: [20, 150],
    reportPeriodMs: 60_000,
    sensorMeanMs: 90_000,
    waitConnected: false,
    log: (message) => options.log.debug({ simulator: true }, message),
  });
  await Promise.race([
    Promise.all([...simulator.gateways.values()].map((gateway) => gateway.whenConnected())),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  const control =
    options.controlPort === undefined ? null : await startControlServer(simulator, options.controlPort, '127.0.0.1');
  options.log.info({ gateways: fleet.map((g) => g.sn), control: control?.url ?? null }, 'demo simulator running');
  return {
    simulator,
    control,
    async stop() {
      await control?.close();
      await simulator.stop();
    },
  };
}
