import type { ButtonEvent } from '@lightwell/domain';
import type { SimDevice } from './devices.ts';
import type { SimEmergencyFault } from './emergency-fitting.ts';
import type { LiveReports } from './gateway-reports.ts';
import type { SimMesh } from './mesh.ts';
import type { NumberedReport, UnnumberedReport } from './report-buffer.ts';

/** How a gateway sends what happened in its mesh. */
export interface GatewayOutlet {
  publishState: (devices: SimDevice[], withPresence?: boolean) => void;
  /** Numbers, buffers and (when connected) sends a report. */
  publishReport: (report: UnnumberedReport) => NumberedReport;
  live: Pick<LiveReports, 'sendEmergency' | 'sendTrigger'>;
}

/** What the mesh events need of their gateway. */
export interface MeshEventsOptions {
  sn: string;
  mesh: SimMesh;
  /** Device by MAC (any notation). */
  device: (mac: string) => SimDevice | undefined;
  /** The gateway that reports a mesh event: this one, or another connected gateway of the mesh. */
  via: () => GatewayOutlet;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * What happens in a gateway's mesh without the console (the simulator's control calls): devices lost,
 * back or offline, faults, an emergency fitting's mains, faults and battery, button presses, motion and
 * driver counters; each reported at once through a connected gateway of the mesh.
 */
export class MeshEvents {
  constructor(private readonly options: MeshEventsOptions) {}

  private mustDevice(mac: string): SimDevice {
    const device = this.options.device(mac);
    if (!device) throw new Error(`no device ${mac} on gateway ${this.options.sn}`);
    return device;
  }

  /** The device stops answering: commands to it get no result (the console times out). */
  loseDevice(mac: string): void {
    this.mustDevice(mac).presence = 'lost';
  }

  /** A lost or offline device is back: it answers again and its state is reported. */
  restoreDevice(mac: string): void {
    const device = this.mustDevice(mac);
    device.presence = 'online';
    this.options.via().publishState([device], true);
  }

  /** The gateway knows the device is offline: reported, and commands to it fail with `offline`. */
  setDeviceOffline(mac: string): void {
    const device = this.mustDevice(mac);
    device.presence = 'offline';
    this.options.via().publishState([device], true);
  }

  /** Raises a lamp, driver or emergency fault on a device and reports it. */
  reportFault(mac: string, kind: 'lamp' | 'driver' | 'emergency'): void {
    const device = this.mustDevice(mac);
    if (!device.fault(kind)) throw new Error(`device ${mac} has no element that can have a ${kind} fault`);
    const via = this.options.via();
    via.publishState([device]);
    via.publishReport({
      kind: 'diagnosis',
      at: seconds(Date.now()),
      level: 'warning',
      code: `fault.${kind}`,
      message: `${kind} fault on device ${device.mac} (address ${device.spec.address})`,
    });
    if (kind === 'emergency') via.live.sendEmergency(device, Date.now());
  }

  /** Clears every fault of a device and reports it. */
  clearFaults(mac: string): void {
    const device = this.mustDevice(mac);
    device.clearFaults();
    this.options.via().publishState([device]);
  }

  /**
   * Emergency fittings (docs/gateway-protocol.md "Emergency reports"): mains lost or back, reported at once.
   */
  setMains(mac: string, present: boolean): void {
    const device = this.mustFitting(mac);
    device.emergency!.setMains(present);
    this.options.via().live.sendEmergency(device, Date.now());
  }

  /** Gives an emergency fitting a fault (lamp, battery, circuit, duration); the next test finds it. */
  failEmergency(mac: string, kind: SimEmergencyFault): void {
    const device = this.mustFitting(mac);
    device.failEmergency(kind);
    this.options.via().live.sendEmergency(device, Date.now());
  }

  /** Sets an emergency fitting's battery charge (0-1), reported at once. */
  setBattery(mac: string, charge: number): void {
    const device = this.mustFitting(mac);
    device.emergency!.setCharge(charge);
    this.options.via().live.sendEmergency(device, Date.now());
  }

  private mustFitting(mac: string): SimDevice {
    const device = this.mustDevice(mac);
    if (!device.emergency) throw new Error(`device ${mac} is not an emergency fitting`);
    return device;
  }

  /**
   * A person presses a push button or panel: its luminaires carry out the action its profile gives the
   * event at once, in the mesh (no console involved), then their state and a `buttonPress` report go to
   * the console. Answers the MACs of the luminaires that changed; nothing when the event has no action.
   */
  pressButton(mac: string, event: ButtonEvent): string[] {
    const button = this.mustDevice(mac);
    if (!button.isButton) throw new Error(`device ${mac} is not a push button or panel`);
    if (button.presence !== 'online') return [];
    const action = button.buttonAction(event);
    const now = Date.now();
    const changed: SimDevice[] = [];
    for (const target of button.buttonGroup) {
      const light = this.options.device(target);
      const command = light?.presence === 'online' ? light.buttonCommand(action) : null;
      if (!light || !command || !light.apply(command, now).ok) continue;
      changed.push(light);
    }
    if (changed.length === 0) return [];
    const via = this.options.via();
    via.publishState(changed);
    const targets = changed.map((light) => light.mac);
    via.publishReport({ kind: 'buttonPress', mac: button.mac, at: seconds(now), event, targets });
    return targets;
  }

  /**
   * A motion sensor detects someone `count` times at once (a chattering sensor when many): its state and one
   * trigger report with the count go out now. Answers false when the device is not online.
   */
  triggerSensor(mac: string, count: number): boolean {
    const sensor = this.mustDevice(mac);
    if (sensor.spec.kind !== 'motionSensor') throw new Error(`device ${mac} is not a motion sensor`);
    if (sensor.presence !== 'online') return false;
    const now = Date.now();
    for (let i = 0; i < count; i += 1) sensor.trigger(seconds(now));
    const via = this.options.via();
    via.publishState([sensor]);
    via.live.sendTrigger(sensor, now);
    return true;
  }

  /** A device's driver counter is reset to 0 (reported with the next readings). */
  resetCounter(mac: string): void {
    this.options.mesh.meters.get(this.mustDevice(mac).mac)?.resetCounter();
  }

  /** A device's driver is replaced: a new serial number and counter. */
  swapDriver(mac: string): void {
    this.options.mesh.meters.get(this.mustDevice(mac).mac)?.swapDriver();
  }
}
