import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { BackoffOptions } from './backoff.ts';
import { SIM_DEVICE_KINDS, type SimDeviceKind, type SimDeviceSpec, SimDeviceSpecSchema } from './devices.ts';
import {
  type CommandStep,
  type GatewaySnapshot,
  type Latency,
  SimGateway,
  type SimGatewayOptions,
  SimMesh,
} from './gateway.ts';
import { Ticker } from './ticker.ts';

/** One gateway of a fleet: its credentials and its mesh. */
export interface SimGatewaySpec {
  sn: string;
  secret: string;
  devices: SimDeviceSpec[];
  /** Gateways with the same mesh name share one mesh (the union of their devices). */
  mesh?: string;
  firmware?: string;
  meshReady?: boolean;
  location?: { country: string; latitude: number; longitude: number };
}

export interface SimulatorOptions {
  brokerUrl: string;
  gateways: SimGatewaySpec[];
  /** Console base URL for the mesh-prefix HTTP calls. */
  httpUrl?: string | undefined;
  latencyMs?: Latency | undefined;
  reportPeriodMs?: number | undefined;
  sensorMeanMs?: number | undefined;
  /** Folder where each gateway keeps its report sequence and replay buffer across restarts. */
  stateDir?: string | undefined;
  /** Reconnect backoff of every gateway (default 0.5 s doubling to 30 s, full jitter). */
  reconnect?: BackoffOptions | undefined;
  /** Random source of the reconnect jitter, shared by the fleet (`seededRandom` replays a run). */
  random?: (() => number) | undefined;
  /** Gateways connecting at the same time while starting (default 50). */
  connectConcurrency?: number | undefined;
  /** Wait until every gateway is connected before resolving (default true). */
  waitConnected?: boolean | undefined;
  /** Called as a command arrives at a gateway and as its final ack is sent (`SimGatewayOptions.onCommand`). */
  onCommand?: ((taskId: number, step: CommandStep) => void) | undefined;
  log?: ((message: string) => void) | undefined;
}

/** A running fleet of simulated gateways. */
export interface Simulator {
  readonly gateways: Map<string, SimGateway>;
  gateway(sn: string): SimGateway;
  /** The gateway holding a device (MAC in any notation). */
  gatewayOf(mac: string): SimGateway;
  snapshot(): GatewaySnapshot[];
  /**
   * Fills the `spanMs` before each mesh's earliest readings (before now on a fresh start) with simulated
   * history, sent as numbered readings reports by the mesh's readings gateway (`SimGateway.fillHistory`).
   */
  fillHistory(spanMs: number): HistoryFill;
  /** Fills each mesh's emergency self-tests of the last `months` months (`SimGateway.fillEmergencyHistory`). */
  fillEmergencyHistory(months: number): HistoryFill;
  stop(): Promise<void>;
}

/** A history handed to the report channels: how many reports, and whether the console has them all. */
export interface HistoryFill {
  reports: number;
  /** Whether the console confirmed every report of this history (`storedUpTo`). */
  stored(): boolean;
}

/** A fleet file (`--config`): the broker may come from the command line instead. */
export const FleetFileSchema = z.object({
  brokerUrl: z.string().optional(),
  httpUrl: z.string().optional(),
  latencyMs: z.union([z.number(), z.tuple([z.number(), z.number()])]).optional(),
  reportPeriodMs: z.number().optional(),
  sensorMeanMs: z.number().optional(),
  stateDir: z.string().optional(),
  /** Fill this many days of history before going live (the demo: when the console has no readings yet). */
  historyDays: z.number().positive().optional(),
  /** Fill this many months of emergency self-tests (the demo: when the console has no test records yet). */
  emergencyHistoryMonths: z.number().int().positive().max(60).optional(),
  gateways: z.array(
    z.object({
      sn: z.string(),
      secret: z.string(),
      firmware: z.string().optional(),
      meshReady: z.boolean().optional(),
      mesh: z.string().optional(),
      location: z.object({ country: z.string(), latitude: z.number(), longitude: z.number() }).optional(),
      devices: z.array(SimDeviceSpecSchema),
    }),
  ),
});

const normalMac = (mac: string) => mac.replace(/[:\-\s]/g, '').toUpperCase();

/** Starts every gateway of the fleet, a few at a time, sharing one ticker. */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const ticker = new Ticker();
  const gateways = new Map<string, SimGateway>();
  const byMac = new Map<string, SimGateway>();
  const meshes = new Map<string, SimMesh>();
  for (const spec of options.gateways) {
    if (!spec.mesh || meshes.has(spec.mesh)) continue;
    const specs = options.gateways.filter((other) => other.mesh === spec.mesh).flatMap((other) => other.devices);
    meshes.set(spec.mesh, new SimMesh(specs));
  }
  for (const spec of options.gateways) {
    const gatewayOptions: SimGatewayOptions = {
      sn: spec.sn,
      secret: spec.secret,
      devices: spec.devices,
      mesh: spec.mesh ? meshes.get(spec.mesh) : undefined,
      brokerUrl: options.brokerUrl,
      httpUrl: options.httpUrl,
      latencyMs: options.latencyMs,
      firmware: spec.firmware,
      meshReady: spec.meshReady,
      location: spec.location,
      reportPeriodMs: options.reportPeriodMs,
      sensorMeanMs: options.sensorMeanMs,
      stateDir: options.stateDir,
      reconnect: options.reconnect,
      random: options.random,
      ticker,
      onCommand: options.onCommand,
      log: options.log,
    };
    const gateway = new SimGateway(gatewayOptions);
    gateways.set(gateway.sn, gateway);
    for (const mac of gateway.devices.keys()) if (!byMac.has(mac)) byMac.set(mac, gateway);
  }
  const list = [...gateways.values()];
  /** Fills a history through each mesh's readings gateway (once per mesh); it is stored when all confirmed. */
  const fillByReporters = (fill: (reporter: SimGateway) => number): HistoryFill => {
    const reporters = new Set(list.map((gateway) => gateway.mesh.readingsReporter() ?? gateway));
    let reports = 0;
    for (const reporter of reporters) reports += fill(reporter);
    return { reports, stored: () => [...reporters].every((reporter) => !reporter.historyPending) };
  };
  const concurrency = options.connectConcurrency ?? 50;
  for (let start = 0; start < list.length; start += concurrency) {
    const slice = list.slice(start, start + concurrency);
    for (const gateway of slice) gateway.start();
    if (options.waitConnected !== false) await Promise.all(slice.map((gateway) => gateway.whenConnected()));
  }
  return {
    gateways,
    gateway(sn) {
      const gateway = gateways.get(sn);
      if (!gateway) throw new Error(`no simulated gateway ${sn}`);
      return gateway;
    },
    gatewayOf(mac) {
      const gateway = byMac.get(normalMac(mac));
      if (!gateway) throw new Error(`no simulated device ${mac}`);
      return gateway;
    },
    snapshot: () => list.map((gateway) => gateway.snapshot()),
    fillHistory: (spanMs) => fillByReporters((reporter) => reporter.fillHistory(spanMs).reports),
    fillEmergencyHistory: (months) => fillByReporters((reporter) => reporter.fillEmergencyHistory(months)),
    async stop() {
      await Promise.all(list.map((gateway) => gateway.stop()));
    },
  };
}

/** Mix of device kinds in generated meshes: mostly luminaires, some of every other kind. */
const KIND_CYCLE: SimDeviceKind[] = [
  'dt6',
  'dt8',
  'dt6',
  'd4i',
  'dt6',
  'dt8',
  'motionSensor',
  'dt6',
  'lightSensor',
  'dt6',
  'pushButton',
  'dt8',
  'panel',
  'emergencyOne',
  'dt6',
  'emergencyTwo',
];

/** Product model of a generated device of each kind. */
export const FLEET_MODELS: Record<SimDeviceKind, string> = Object.fromEntries(
  SIM_DEVICE_KINDS.map((kind) => [kind, `SIM-${kind.toUpperCase()}`]),
) as Record<SimDeviceKind, string>;

/**
 * Generates `gatewayCount` gateways with `devicesPerGateway` devices each: serial numbers
 * `<prefix>-0001`…, random secrets, MACs unique across the fleet.
 */
export function generateFleet(gatewayCount: number, devicesPerGateway: number, prefix = 'sim-gw'): SimGatewaySpec[] {
  const fleet: SimGatewaySpec[] = [];
  const macBase = randomBytes(1)[0]! & 0x0f;
  for (let g = 0; g < gatewayCount; g++) {
    const devices: SimDeviceSpec[] = [];
    for (let d = 0; d < devicesPerGateway; d++) {
      const kind = KIND_CYCLE[d % KIND_CYCLE.length]!;
      const serial = g * devicesPerGateway + d;
      devices.push({
        mac: `F${macBase.toString(16)}${(0x5a0000 + g).toString(16).padStart(6, '0').slice(-6)}${d.toString(16).padStart(4, '0')}`.toUpperCase(),
        address: d + 2,
        kind,
        model: FLEET_MODELS[kind],
        serialNumber: `SN${serial.toString().padStart(8, '0')}`,
        ratedPower: kind.startsWith('d') ? 36 : 2,
      });
    }
    fleet.push({ sn: `${prefix}-${String(g + 1).padStart(4, '0')}`, secret: randomBytes(16).toString('hex'), devices });
  }
  return fleet;
}
