import type { SimDeviceSpec } from './device-spec.ts';
import { SimDevice } from './devices.ts';
import { DeviceMeter } from './energy-model.ts';
import type { CounterAnchor } from './history.ts';

/** What a mesh needs to know of a gateway that reaches it: whether it is connected and announced. */
export interface MeshGateway {
  readonly connected: boolean;
}

/** The time of a mesh's earliest readings and each driver's counter then. */
export interface ReadingsAnchor {
  at: number;
  counters: Map<string, CounterAnchor>;
}

/**
 * A Bluetooth mesh: its devices, reachable through any of its gateways (a network may have several).
 * Consumption accrues once per mesh, and the first connected gateway sends the periodic reports.
 */
export class SimMesh<G extends MeshGateway = MeshGateway> {
  readonly devices = new Map<string, SimDevice>();
  /** Each device's energy counter and sensor counts between readings reports. */
  readonly meters = new Map<string, DeviceMeter>();
  readonly gateways: G[] = [];
  private lastAccrueAt = 0;
  /**
   * The earliest readings sent (a live report or a history): its time and each driver's counter then.
   * A history ends there, so the counters the console sees never go back.
   */
  earliestReadings: ReadingsAnchor | null = null;

  constructor(specs: SimDeviceSpec[]) {
    for (const spec of specs) {
      const device = new SimDevice(spec);
      if (!this.devices.has(device.mac)) {
        this.devices.set(device.mac, device);
        this.meters.set(device.mac, new DeviceMeter(device));
      }
    }
  }

  /** The gateway that sends the mesh's reports now. */
  reporter(): G | undefined {
    return this.gateways.find((gateway) => gateway.connected);
  }

  /** Accrues the devices' on-time and the meters over `seconds`, at most once per half of that span. */
  accrue(now: number, seconds: number): void {
    if (now - this.lastAccrueAt < seconds * 500) return;
    this.lastAccrueAt = now;
    for (const device of this.devices.values()) device.accrue(seconds);
    for (const meter of this.meters.values()) meter.accrue(seconds, new Date(now));
  }

  /** Where a history must end: the earliest readings sent, else now with the counters as they are. */
  historyEnd(now: number): ReadingsAnchor {
    if (this.earliestReadings) return this.earliestReadings;
    const counters = new Map([...this.meters].map(([mac, meter]) => [mac, { raw: meter.raw, serial: meter.serial }]));
    return { at: now, counters };
  }

  /** The gateway that reports the mesh's readings: a connected one, else the first (it buffers them). */
  readingsReporter(): G | undefined {
    return this.reporter() ?? this.gateways[0];
  }
}
