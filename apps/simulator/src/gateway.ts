import { join } from 'node:path';
import {
  type ButtonEvent,
  CancelMessageSchema,
  type CommandAction,
  CommandMessageSchema,
  InventoryRequestSchema,
} from '@lightwell/domain';
import type { SimDevice } from './devices.ts';
import type { SimEmergencyFault } from './emergency-fitting.ts';
import { CommandRunner } from './gateway-commands.ts';
import { HistorySender } from './gateway-history.ts';
import { deviceSnapshot, type GatewaySnapshot, type SimGatewayOptions } from './gateway-options.ts';
import { GatewayProtocol } from './gateway-protocol.ts';
import { LiveReports } from './gateway-reports.ts';
import { SimMesh } from './mesh.ts';
import { type GatewayOutlet, MeshEvents } from './mesh-events.ts';
import type { UnnumberedReport } from './report-buffer.ts';

export type { CommandStep, Latency } from './gateway-commands.ts';
export type { DeviceSnapshot, GatewaySnapshot, SimGatewayOptions } from './gateway-options.ts';
export type { GatewayConnection } from './gateway-session.ts';
export { SimMesh } from './mesh.ts';

/**
 * A simulated gateway with its Bluetooth mesh: connects as a real one would (`GatewaySession`), publishes
 * its inventory, obeys commands with per-device latency (`CommandRunner`) and reports state changes,
 * consumption, sensor triggers and emergency reports (`LiveReports`) and a history (`HistorySender`) on its
 * durable report channel (`ReportSender`). The methods below are the control calls of the simulator.
 */
export class SimGateway extends GatewayProtocol {
  readonly mesh: SimMesh<SimGateway>;
  readonly devices: Map<string, SimDevice>;
  private readonly commands: CommandRunner;
  private readonly history: HistorySender;
  private readonly live: LiveReports;
  private readonly events: MeshEvents;
  /** How this gateway sends a mesh event (another gateway of the mesh may send it through this one). */
  private readonly outlet: GatewayOutlet;
  private stopTicking: (() => void) | null = null;
  /** Offline on purpose (`goOfflineFor`), counting readings into the buffer meanwhile. */
  private wantedOffline = false;
  private offlineTimer: NodeJS.Timeout | null = null;

  constructor(options: SimGatewayOptions) {
    super(options);
    // Only gateways join a mesh: its members are gateways like this one.
    this.mesh = (options.mesh as SimMesh<SimGateway> | undefined) ?? new SimMesh<SimGateway>(options.devices ?? []);
    this.mesh.gateways.push(this);
    this.devices = this.mesh.devices;
    const publishState = (devices: SimDevice[], withPresence?: boolean) =>
      void this.publishState(devices, withPresence);
    const publishReport = (report: UnnumberedReport) => this.publishReport(report);
    this.commands = new CommandRunner({
      devices: this.devices,
      device: (mac) => this.device(mac),
      latencyMs: options.latencyMs,
      ticker: this.ticker,
      publishAck: (ack) => void this.publish('ack', ack),
      publishState,
      onCommand: options.onCommand,
    });
    this.history = new HistorySender({
      file: options.stateDir ? join(options.stateDir, `${options.sn}.history.json`) : undefined,
      mesh: this.mesh,
      devices: this.devices,
      sensorMeanMs: options.sensorMeanMs,
      connected: () => this.connected,
      publishReport,
      confirmed: () => this.reports.confirmed,
    });
    this.live = new LiveReports({
      ...options,
      mesh: this.mesh,
      devices: this.devices,
      slowMs: this.ticker.slowMs,
      history: this.history,
      publishReport,
      publishState,
      postMesh: (path, fields) => void this.session.postMesh(path, fields),
    });
    this.outlet = { publishState, publishReport, live: this.live };
    this.events = new MeshEvents({
      sn: this.sn,
      mesh: this.mesh,
      device: (mac) => this.device(mac),
      via: () => this.via(),
    });
  }

  /** Connects (and keeps reconnecting with backoff until `goOffline` or `stop`). */
  start(): void {
    if (!this.session.start()) return;
    this.stopTicking ??= this.ticker.every((now) => this.slowTick(now));
  }

  /** Drops the connection without a clean disconnect, so the broker publishes the last will; stays offline. */
  goOffline(): void {
    this.commands.cancelAll();
    this.session.drop();
  }

  /** Comes back online (connects again). */
  goOnline(): void {
    this.wantedOffline = false;
    this.clearOfflineTimer();
    this.start();
  }

  /** Goes offline for `ms` (readings keep being counted and buffered), then comes back and replays. */
  goOfflineFor(ms: number): void {
    this.goOffline();
    this.wantedOffline = true;
    this.offlineTimer = setTimeout(() => {
      this.offlineTimer = null;
      this.goOnline();
    }, ms);
  }

  /** Stops for good: publishes a retained offline and disconnects cleanly. */
  async stop(): Promise<void> {
    this.clearOfflineTimer();
    this.stopTicking?.();
    this.stopTicking = null;
    this.commands.cancelAll();
    await this.session.stop();
  }

  private clearOfflineTimer(): void {
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
    this.offlineTimer = null;
  }

  /** Device by MAC (any separators, any case). */
  device(mac: string): SimDevice | undefined {
    return this.devices.get(mac.replace(/[:\-\s]/g, '').toUpperCase());
  }

  /** The gateway that reports a mesh event: this one, or another connected gateway of the mesh. */
  private via(): GatewayOutlet {
    return (this.connected ? this : (this.mesh.reporter() ?? this)).outlet;
  }

  /** The device stops answering: commands to it get no result (the console times out). */
  loseDevice(mac: string): void {
    this.events.loseDevice(mac);
  }

  /** A lost or offline device is back: it answers again and its state is reported. */
  restoreDevice(mac: string): void {
    this.events.restoreDevice(mac);
  }

  /** The gateway knows the device is offline: reported, and commands to it fail with `offline`. */
  setDeviceOffline(mac: string): void {
    this.events.setDeviceOffline(mac);
  }

  /** Raises a lamp, driver or emergency fault on a device and reports it. */
  reportFault(mac: string, kind: 'lamp' | 'driver' | 'emergency'): void {
    this.events.reportFault(mac, kind);
  }

  /** Clears every fault of a device and reports it. */
  clearFaults(mac: string): void {
    this.events.clearFaults(mac);
  }

  /** An emergency fitting's mains lost or back (docs/gateway-protocol.md "Emergency reports"). */
  setMains(mac: string, present: boolean): void {
    this.events.setMains(mac, present);
  }

  /** Gives an emergency fitting a fault (lamp, battery, circuit, duration); the next test finds it. */
  failEmergency(mac: string, kind: SimEmergencyFault): void {
    this.events.failEmergency(mac, kind);
  }

  /** Sets an emergency fitting's battery charge (0-1). */
  setBattery(mac: string, charge: number): void {
    this.events.setBattery(mac, charge);
  }

  /** A person presses a push button or panel (`MeshEvents.pressButton`); answers the luminaires that changed. */
  pressButton(mac: string, event: ButtonEvent): string[] {
    return this.events.pressButton(mac, event);
  }

  /** A motion sensor detects someone `count` times at once; false when it is not online. */
  triggerSensor(mac: string, count: number): boolean {
    return this.events.triggerSensor(mac, count);
  }

  /** A device's driver counter is reset to 0 (reported with the next readings). */
  resetCounter(mac: string): void {
    this.events.resetCounter(mac);
  }

  /** A device's driver is replaced: a new serial number and counter. */
  swapDriver(mac: string): void {
    this.events.swapDriver(mac);
  }

  /**
   * Every online luminaire of the mesh carries out `action` at once (a scene recalled in the mesh, as a
   * wall panel or the mesh's own timer does), each reporting its state as it answers: one state message
   * per device, through the gateway that reports the mesh. Answers the devices that changed.
   */
  switchLuminaires(action: CommandAction): number {
    const now = Date.now();
    const via = this.via();
    let changed = 0;
    for (const device of this.devices.values()) {
      if (device.presence !== 'online' || !device.isLuminaire || !device.apply(action, now).ok) continue;
      via.publishState([device]);
      changed += 1;
    }
    return changed;
  }

  /** A `readings` report of the mesh's online devices now, outside the period (numbered and buffered). */
  sendReadings(): void {
    this.live.readingsNow(Date.now());
  }

  /** Changes the period of consumption and readings reports (0 stops them). */
  setReportPeriod(ms: number): void {
    this.live.setPeriod(ms);
  }

  /** The current state of the gateway and of every device. */
  snapshot(): GatewaySnapshot {
    return {
      sn: this.sn,
      connection: this.connection,
      meshReady: this.meshReady,
      firmware: this.firmware,
      reconnectAttempts: this.session.attempt,
      devices: [...this.devices.values()].map(deviceSnapshot),
    };
  }

  /**
   * Fills the `spanMs` before the earliest readings the mesh sent (or before now) with simulated readings
   * reports (`history.ts`), oldest first, sent by the mesh's readings gateway as ordinary numbered
   * reports. They are numbered a window at a time (`HistorySender`: the next once these are confirmed and
   * after a short rest), so the console stores them between its other work; live readings wait behind
   * them, so the counters the console sees never go back. Answers the number of reports and the span.
   * `until` (ms) ends the history there instead of now when the mesh sent no readings yet (tests that want
   * a given weekday).
   */
  fillHistory(spanMs: number, until = Date.now()): { reports: number; from: number; to: number } {
    const reporter = this.mesh.readingsReporter() ?? this;
    if (reporter !== this) return reporter.fillHistory(spanMs, until);
    return this.history.fill(spanMs, until);
  }

  /**
   * Queues the reports of the self-tests the mesh's emergency fittings ran in the last `months` months
   * (`simulateEmergencyHistory`: a function test every month, one duration test each), sent in windows
   * like the readings history. Answers the number of reports.
   */
  fillEmergencyHistory(months: number, until = Date.now()): number {
    const reporter = this.mesh.readingsReporter() ?? this;
    if (reporter !== this) return reporter.fillEmergencyHistory(months, until);
    return this.history.fillEmergency(months, until);
  }

  /** Whether history reports wait to be sent or to be confirmed by the console. */
  get historyPending(): boolean {
    return this.history.pending;
  }

  /** The console's messages: report confirmations and resend requests, cancels, inventory requests, commands. */
  protected receive(body: unknown): void {
    if (this.reportSender.handle(body)) {
      if (this.history.queued > 0) this.history.send();
      return;
    }
    const cancel = CancelMessageSchema.safeParse(body);
    if (cancel.success) {
      this.commands.cancel(cancel.data.cancelTaskId);
      return;
    }
    if (InventoryRequestSchema.safeParse(body).success) {
      void this.publishInventory();
      return;
    }
    const command = CommandMessageSchema.safeParse(body);
    if (!command.success) {
      this.options.log?.(`${this.sn}: ignored a malformed command`);
      return;
    }
    const { taskId, targets, action, timeoutMs } = command.data;
    this.commands.execute(taskId, targets, action, timeoutMs);
  }

  private slowTick(now: number): void {
    this.mesh.accrue(now, this.ticker.slowMs / 1000);
    this.reportSender.tick(now);
    if (this.history.queued > 0) this.history.send();
    // Readings are counted while offline too: the gateway keeps them and replays them when back.
    if (this.mesh.readingsReporter() === this && !this.session.clientConnected && this.wantedOffline) {
      this.live.whenDue(now, true);
      return;
    }
    if (!this.session.clientConnected || this.mesh.reporter() !== this) return;
    this.live.tick(now);
  }
}
