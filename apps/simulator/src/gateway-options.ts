import type { ElementState } from '@lightwell/domain';
import type { BackoffOptions } from './backoff.ts';
import type { MeshPresence, SimDeviceSpec } from './device-spec.ts';
import type { SimDevice } from './devices.ts';
import type { CommandStep, Latency } from './gateway-commands.ts';
import type { GatewayConnection } from './gateway-session.ts';
import type { MeshGateway, SimMesh } from './mesh.ts';
import type { NumberedReport } from './report-buffer.ts';
import type { Ticker } from './ticker.ts';

/** How a simulated gateway is set up (a fleet file's gateway, with the fleet's settings). */
export interface SimGatewayOptions {
  /** Gateway id: MQTT user name and topic segment. */
  sn: string;
  /** MQTT password (the console stores its SHA-256). */
  secret: string;
  /** The gateway's own mesh; or give `mesh` to share one mesh between several gateways. */
  devices?: SimDeviceSpec[] | undefined;
  mesh?: SimMesh<MeshGateway> | undefined;
  brokerUrl: string;
  /** Console base URL for the mesh-prefix HTTP calls (`/SigMesh/...`); without it reports go over MQTT. */
  httpUrl?: string | undefined;
  /** Device latency per command; default 20-150 ms. 0 for load tests. */
  latencyMs?: Latency | undefined;
  firmware?: string | undefined;
  meshReady?: boolean | undefined;
  /** Reconnect backoff (default 0.5 s doubling to 30 s, full jitter, reset after 30 s connected). */
  reconnect?: BackoffOptions | undefined;
  /** Random source of the reconnect jitter (default `Math.random`; `seededRandom` replays a run). */
  random?: (() => number) | undefined;
  keepaliveSeconds?: number | undefined;
  /** Period of consumption reports and light-sensor readings (default 5 minutes; 0 off). */
  reportPeriodMs?: number | undefined;
  /** Mean time between motion-sensor triggers per sensor (default 2 minutes; 0 off). */
  sensorMeanMs?: number | undefined;
  /**
   * Folder for the gateway's report sequence and replay buffer (`<sn>.reports.json`), as a real gateway
   * keeps them in flash; without it they live as long as the process (kept across reconnects).
   */
  stateDir?: string | undefined;
  /** Reports kept until confirmed (default 10,000); the oldest are dropped, counted, beyond. */
  replayBufferSize?: number | undefined;
  /** Unconfirmed reports are sent again after this long without a confirmation (default 30 s). */
  resendAfterMs?: number | undefined;
  /** Called with every report the gateway numbers (tests compare what was produced with what was stored). */
  onReport?: ((report: NumberedReport) => void) | undefined;
  /** Called as a command arrives and as its final ack is sent (benches time the gateway's share). */
  onCommand?: ((taskId: number, step: CommandStep) => void) | undefined;
  /** Location sent with `/SigMesh/lbs`. */
  location?: { country: string; latitude: number; longitude: number } | undefined;
  ticker?: Ticker | undefined;
  log?: ((message: string) => void) | undefined;
}

/** What the control endpoint and tests read of a gateway. */
export interface GatewaySnapshot {
  sn: string;
  connection: GatewayConnection;
  meshReady: boolean;
  firmware: string;
  reconnectAttempts: number;
  devices: DeviceSnapshot[];
}
/** What the control endpoint and tests read of a device. */
export interface DeviceSnapshot {
  mac: string;
  address: number;
  model: string;
  kind: string;
  presence: MeshPresence;
  elements: ElementState[];
  scenes: Record<string, { onOff: number; lightness: number; cct?: number }>;
  settings: Record<string, unknown>;
}

/** A device as the control endpoint shows it. */
export function deviceSnapshot(device: SimDevice): DeviceSnapshot {
  return {
    mac: device.mac,
    address: device.spec.address,
    model: device.spec.model,
    kind: device.spec.kind,
    presence: device.presence,
    elements: device.elementStates(),
    scenes: Object.fromEntries(device.scenes),
    settings: device.settings,
  };
}
