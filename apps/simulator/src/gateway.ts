import type { Socket } from 'node:net';
import { join } from 'node:path';
import {
  type AckMessage,
  type ButtonEvent,
  CancelMessageSchema,
  type CommandAction,
  CommandMessageSchema,
  type ElementState,
  ElementType,
  type GatewayChannelName,
  gatewayTopic,
  type InventoryMessage,
  InventoryRequestSchema,
  type PresenceMessage,
  type StateMessage,
} from '@lightwell/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { type MeshPresence, SimDevice, type SimDeviceSpec } from './devices.ts';
import type { SimEmergencyFault } from './emergency-fitting.ts';
import { simulateEmergencyHistory } from './emergency-history.ts';
import { endWithin } from './end-client.ts';
import { DeviceMeter, occupancyChance } from './energy-model.ts';
import { type CounterAnchor, simulateHistory } from './history.ts';
import { HistoryQueue } from './history-queue.ts';
import type { NumberedReport, ReportBuffer, UnnumberedReport } from './report-buffer.ts';
import { ReportSender } from './report-sender.ts';
import { sharedTicker, type Ticker } from './ticker.ts';

/** Latency of a device answering a command: a fixed number of ms, or a [min, max] range. */
export type Latency = number | [number, number];

export interface SimGatewayOptions {
  /** Gateway id: MQTT user name and topic segment. */
  sn: string;
  /** MQTT password (the console stores its SHA-256). */
  secret: string;
  /** The gateway's own mesh; or give `mesh` to share one mesh between several gateways. */
  devices?: SimDeviceSpec[] | undefined;
  mesh?: SimMesh | undefined;
  brokerUrl: string;
  /** Console base URL for the mesh-prefix HTTP calls (`/SigMesh/...`); without it reports go over MQTT. */
  httpUrl?: string | undefined;
  /** Device latency per command; default 20-150 ms. 0 for load tests. */
  latencyMs?: Latency | undefined;
  firmware?: string | undefined;
  meshReady?: boolean | undefined;
  /** Reconnect backoff bounds (default 1 s to 60 s, ±20 % jitter). */
  reconnect?: { minMs: number; maxMs: number } | undefined;
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
  /** Location sent with `/SigMesh/lbs`. */
  location?: { country: string; latitude: number; longitude: number } | undefined;
  ticker?: Ticker | undefined;
  log?: ((message: string) => void) | undefined;
}

/** Connection state of a simulated gateway. */
export type GatewayConnection = 'connecting' | 'online' | 'offline' | 'stopped';

/** What the control endpoint and tests read of a gateway. */
export interface GatewaySnapshot {
  sn: string;
  connection: GatewayConnection;
  meshReady: boolean;
  firmware: string;
  reconnectAttempts: number;
  devices: DeviceSnapshot[];
}
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

interface RunningTask {
  taskId: number;
  timers: NodeJS.Timeout[];
  waiting: Set<string>;
  lost: number;
  canceled: boolean;
  timeoutMs: number;
  givingUp: boolean;
  /** Every outcome sent so far: the final `done` repeats them (see `finishIfDone`). */
  results: AckMessage['results'];
}

/**
 * A Bluetooth mesh: its devices, reachable through any of its gateways (a network may have several).
 * Consumption accrues once per mesh, and the first connected gateway sends the periodic reports.
 */
export class SimMesh {
  readonly devices = new Map<string, SimDevice>();
  /** Each device's energy counter and sensor counts between readings reports. */
  readonly meters = new Map<string, DeviceMeter>();
  readonly gateways: SimGateway[] = [];
  private lastAccrueAt = 0;
  /**
   * The earliest readings sent (a live report or a history): its time and each driver's counter then.
   * A history ends there, so the counters the console sees never go back.
   */
  earliestReadings: { at: number; counters: Map<string, CounterAnchor> } | null = null;

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
  reporter(): SimGateway | undefined {
    return this.gateways.find((gateway) => gateway.connected);
  }

  accrue(now: number, seconds: number): void {
    if (now - this.lastAccrueAt < seconds * 500) return;
    this.lastAccrueAt = now;
    for (const device of this.devices.values()) device.accrue(seconds);
    for (const meter of this.meters.values()) meter.accrue(seconds, new Date(now));
  }

  /** Where a history must end: the earliest readings sent, else now with the counters as they are. */
  historyEnd(now: number): { at: number; counters: Map<string, CounterAnchor> } {
    if (this.earliestReadings) return this.earliestReadings;
    const counters = new Map([...this.meters].map(([mac, meter]) => [mac, { raw: meter.raw, serial: meter.serial }]));
    return { at: now, counters };
  }

  /** The gateway that reports the mesh's readings: a connected one, else the first (it buffers them). */
  readingsReporter(): SimGateway | undefined {
    return this.reporter() ?? this.gateways[0];
  }
}

/**
 * Reconnect delay after `attempt` failures (0 = first retry): doubling from `minMs` up to `maxMs`,
 * then ±20 % jitter so that gateways that lost the broker together do not come back together.
 */
export function backoffDelay(attempt: number, minMs = 1_000, maxMs = 60_000, random = Math.random): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/**
 * Device readings of history a gateway sends before it waits for their confirmation: about two of the
 * console's PGlite transactions (500 rows each), so a page request never waits behind a whole week.
 */
const HISTORY_WINDOW = 1000;
/** How long a stopping gateway waits for its in-flight messages to be acknowledged. */
const STOP_GRACE_MS = 2000;
/** A report's fields as its mesh-prefix HTTP call takes them. */
const withoutKind = ({ kind: _kind, ...fields }: NumberedReport) => fields;

/**
 * A simulated gateway with its Bluetooth mesh: connects as a real one would (MQTT user = sn, password
 * = secret, retained presence with a retained offline will), publishes its inventory, obeys commands
 * with per-device latency and reports state changes, consumption and sensor triggers.
 */
export class SimGateway {
  readonly sn: string;
  readonly mesh: SimMesh;
  readonly devices: Map<string, SimDevice>;
  private readonly options: SimGatewayOptions;
  private readonly ticker: Ticker;
  private client: MqttClient | null = null;
  private wanted = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private seq: number;
  /** Report numbering and the replay buffer (docs/gateway-protocol.md "Durable reports"). */
  private readonly reportSender: ReportSender;
  private meshReady: boolean;
  private readonly tasks = new Map<number, RunningTask>();
  private stopTicking: (() => void) | null = null;
  private nextReportAt = 0;
  private fading = false;
  /** Offline on purpose (`goOfflineFor`), counting readings into the buffer meanwhile. */
  private wantedOffline = false;
  private reportPeriod: number;
  private offlineTimer: NodeJS.Timeout | null = null;
  /**
   * History reports not numbered yet, sent a window at a time so the console goes on answering; kept in
   * the state folder, so a stopped simulator continues them at its next start.
   */
  private readonly historyQueue: HistoryQueue;
  /** Sequence number of the last report taken from the history queue. */
  private historyLastSeq = -1;
  /** When the history window waiting for confirmation was sent (null: none waits). */
  private historyWindowAt: number | null = null;
  /** No history window before this time (the gateway rests as long as the console took to store the last). */
  private historyRestUntil = 0;
  connection: GatewayConnection = 'offline';
  /** Connections lost or refused since start (each one scheduled a reconnect). */
  reconnects = 0;
  /** Delays chosen for reconnects, newest last (tests read it). */
  readonly reconnectDelays: number[] = [];
  private readonly connectedWaiters: (() => void)[] = [];

  constructor(options: SimGatewayOptions) {
    this.options = options;
    this.sn = options.sn;
    this.ticker = options.ticker ?? sharedTicker;
    this.meshReady = options.meshReady ?? true;
    this.reportPeriod = options.reportPeriodMs ?? 300_000;
    // A real gateway keeps its sequence across restarts; the simulator starts from the clock instead,
    // so a restarted simulator is not ignored by a console that stored a higher sequence.
    // State and inventory share one sequence, gap-free, from 0 at every process start (the console takes a
    // 0 as a gateway that restarted its counter). Reports have their own, started from the clock, so a
    // restarted simulator's readings do not repeat stored (gateway, seq) keys.
    this.seq = -1;
    this.reportSender = new ReportSender({
      sn: options.sn,
      stateDir: options.stateDir,
      capacity: options.replayBufferSize,
      resendAfterMs: options.resendAfterMs,
      onReport: options.onReport,
      publish: (message) => void this.publish('report', message),
      // Only once announced: the console must know the mesh (inventory) before its readings arrive.
      canSend: () => this.connected,
    });
    this.mesh = options.mesh ?? new SimMesh(options.devices ?? []);
    this.mesh.gateways.push(this);
    this.devices = this.mesh.devices;
    this.historyQueue = new HistoryQueue(
      options.stateDir ? join(options.stateDir, `${options.sn}.history.json`) : undefined,
    );
    // A history resumed from the last run: an older one filled now must end where it begins.
    const resumed = this.historyQueue.earliest();
    if (resumed && !this.mesh.earliestReadings) this.mesh.earliestReadings = resumed;
  }

  get connected(): boolean {
    return this.connection === 'online';
  }

  /** Connects (and keeps reconnecting with backoff until `goOffline` or `stop`). */
  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    this.stopTicking ??= this.ticker.every((now) => this.slowTick(now));
    this.connect();
  }

  /** Resolves once connected and announced (presence and inventory sent). */
  whenConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  private connect(): void {
    if (!this.wanted) return;
    this.connection = 'connecting';
    const { options } = this;
    const presenceTopic = gatewayTopic(this.sn, 'presence');
    const client = mqtt.connect(options.brokerUrl, {
      clientId: this.sn,
      username: this.sn,
      password: options.secret,
      clean: true,
      keepalive: options.keepaliveSeconds ?? 30,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      will: { topic: presenceTopic, payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => {
      (client.stream as Socket).setNoDelay?.(true);
      this.attempt = 0;
      void this.announce(client);
    });
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', (error) => options.log?.(`${this.sn}: ${error.message}`));
    client.on('close', () => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('message');
      client.end(true);
      if (this.connection !== 'stopped') this.connection = 'offline';
      this.scheduleReconnect();
    });
  }

  private async announce(client: MqttClient): Promise<void> {
    try {
      await client.subscribeAsync(gatewayTopic(this.sn, 'command'), { qos: 1 });
      await this.publishPresence(client);
      await this.publishInventory();
    } catch (error) {
      this.options.log?.(`${this.sn}: announce failed: ${(error as Error).message}`);
      return;
    }
    if (this.client !== client) return;
    this.connection = 'online';
    this.reportSender.resendUnconfirmed();
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
    if (this.options.httpUrl) void this.postMesh('/SigMesh/lbs', this.lbsBody());
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.reconnectTimer) return;
    const bounds = this.options.reconnect ?? { minMs: 1_000, maxMs: 60_000 };
    const delay = backoffDelay(this.attempt, bounds.minMs, bounds.maxMs);
    this.attempt += 1;
    this.reconnects += 1;
    this.reconnectDelays.push(delay);
    if (this.reconnectDelays.length > 20) this.reconnectDelays.shift();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private lbsBody() {
    const location = this.options.location ?? { country: 'DE', latitude: 52.52, longitude: 13.405 };
    return {
      country: location.country,
      latitude: location.latitude,
      longitude: location.longitude,
      deviceInfo: `lightwell-simulator ${this.options.firmware ?? '2.4.1'}`,
    };
  }

  /** Drops the connection without a clean disconnect, so the broker publishes the last will; stays offline. */
  goOffline(): void {
    this.wanted = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.cancelAllTasks();
    const client = this.client;
    this.client = null;
    this.connection = 'offline';
    if (client) {
      (client.stream as Socket | undefined)?.destroy();
      client.end(true);
    }
  }

  /** Comes back online (connects again). */
  goOnline(): void {
    this.wantedOffline = false;
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
    this.offlineTimer = null;
    this.start();
  }

  /** Stops for good: publishes a retained offline and disconnects cleanly. */
  async stop(): Promise<void> {
    this.wanted = false;
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
    this.offlineTimer = null;
    this.connection = 'stopped';
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopTicking?.();
    this.stopTicking = null;
    this.cancelAllTasks();
    const client = this.client;
    this.client = null;
    if (!client) return;
    try {
      if (client.connected) {
        await Promise.race([
          client.publishAsync(
            gatewayTopic(this.sn, 'presence'),
            JSON.stringify({ online: false, at: seconds(Date.now()) }),
            {
              qos: 1,
              retain: true,
            },
          ),
          new Promise((resolve) => setTimeout(resolve, 1000)),
        ]);
      }
    } catch {
      // the broker is gone already
    }
    await endWithin(client, STOP_GRACE_MS);
  }

  private cancelAllTasks(): void {
    for (const task of this.tasks.values()) for (const timer of task.timers) clearTimeout(timer);
    this.tasks.clear();
  }

  /** Device by MAC (any separators, any case). */
  device(mac: string): SimDevice | undefined {
    return this.devices.get(mac.replace(/[:\-\s]/g, '').toUpperCase());
  }

  private mustDevice(mac: string): SimDevice {
    const device = this.device(mac);
    if (!device) throw new Error(`no device ${mac} on gateway ${this.sn}`);
    return device;
  }

  /** The gateway that reports a mesh event: this one, or another connected gateway of the mesh. */
  private via(): SimGateway {
    return this.connected ? this : (this.mesh.reporter() ?? this);
  }

  /** The device stops answering: commands to it get no result (the console times out). */
  loseDevice(mac: string): void {
    this.mustDevice(mac).presence = 'lost';
  }

  /** A lost or offline device is back: it answers again and its state is reported. */
  restoreDevice(mac: string): void {
    const device = this.mustDevice(mac);
    device.presence = 'online';
    void this.via().publishState([device], true);
  }

  /** The gateway knows the device is offline: reported, and commands to it fail with `offline`. */
  setDeviceOffline(mac: string): void {
    const device = this.mustDevice(mac);
    device.presence = 'offline';
    void this.via().publishState([device], true);
  }

  /** Raises a lamp, driver or emergency fault on a device and reports it. */
  reportFault(mac: string, kind: 'lamp' | 'driver' | 'emergency'): void {
    const device = this.mustDevice(mac);
    if (!device.fault(kind)) throw new Error(`device ${mac} has no element that can have a ${kind} fault`);
    void this.via().publishState([device]);
    this.via().publishReport({
      kind: 'diagnosis',
      at: seconds(Date.now()),
      level: 'warning',
      code: `fault.${kind}`,
      message: `${kind} fault on device ${device.mac} (address ${device.spec.address})`,
    });
    if (kind === 'emergency') this.via().sendEmergencyReport(device, Date.now());
  }

  /**
   * Emergency fittings (docs/gateway-protocol.md "Emergency reports"): mains lost or back, a fault
   * (lamp, battery, circuit, duration), or the battery's charge (0-1); reported at once.
   */
  setMains(mac: string, present: boolean): void {
    const device = this.mustDevice(mac);
    if (!device.emergency) throw new Error(`device ${mac} is not an emergency fitting`);
    device.emergency.setMains(present);
    this.via().sendEmergencyReport(device, Date.now());
  }

  /** Gives an emergency fitting a fault; the next test finds it. */
  failEmergency(mac: string, kind: SimEmergencyFault): void {
    const device = this.mustDevice(mac);
    if (!device.failEmergency(kind)) throw new Error(`device ${mac} is not an emergency fitting`);
    this.via().sendEmergencyReport(device, Date.now());
  }

  /** Sets an emergency fitting's battery charge (0-1). */
  setBattery(mac: string, charge: number): void {
    const device = this.mustDevice(mac);
    if (!device.emergency) throw new Error(`device ${mac} is not an emergency fitting`);
    device.emergency.setCharge(charge);
    this.via().sendEmergencyReport(device, Date.now());
  }

  /** Sends a fitting's emergency report when one is due (a change, a test that ended, or hourly). */
  private sendEmergencyReport(device: SimDevice, now: number): void {
    const fields = device.emergency?.takeReport(now);
    if (!fields || device.presence !== 'online') return;
    const report = this.publishReport({ kind: 'emergency', mac: device.mac, at: seconds(now), ...fields });
    void this.publishState([device]);
    if (this.options.httpUrl) void this.postMesh('/SigMesh/report/emergency/node', withoutKind(report));
  }

  /** Clears every fault of a device and reports it. */
  clearFaults(mac: string): void {
    const device = this.mustDevice(mac);
    device.clearFaults();
    void this.via().publishState([device]);
  }

  /**
   * Buttons and panels configured by one profile command control the luminaires configured with them
   * (a profile is applied per zone), as a real mesh groups them by publish address.
   */
  private groupButtons(macs: string[]): void {
    const devices = macs.map((mac) => this.device(mac)).filter((device) => device !== undefined);
    const lights = devices.filter((device) => device.isLuminaire).map((device) => device.mac);
    for (const device of devices) if (device.isButton) device.buttonGroup = lights;
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
      const light = this.device(target);
      const command = light?.presence === 'online' ? light.buttonCommand(action) : null;
      if (!light || !command || !light.apply(command, now).ok) continue;
      changed.push(light);
    }
    if (changed.length === 0) return [];
    const via = this.via();
    void via.publishState(changed);
    via.publishReport({
      kind: 'buttonPress',
      mac: button.mac,
      at: seconds(now),
      event,
      targets: changed.map((light) => light.mac),
    });
    return changed.map((light) => light.mac);
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
    const via = this.via();
    void via.publishState([sensor]);
    via.sendTrigger(sensor, now);
    return true;
  }

  /** Mesh ready or not (section 3 meshStatus); republishes presence. */
  setMeshReady(ready: boolean): void {
    this.meshReady = ready;
    if (this.client?.connected) void this.publishPresence(this.client);
  }

  /** The current state of the gateway and of every device. */
  snapshot(): GatewaySnapshot {
    return {
      sn: this.sn,
      connection: this.connection,
      meshReady: this.meshReady,
      firmware: this.options.firmware ?? '2.4.1',
      reconnectAttempts: this.attempt,
      devices: [...this.devices.values()].map((device) => ({
        mac: device.mac,
        address: device.spec.address,
        model: device.spec.model,
        kind: device.spec.kind,
        presence: device.presence,
        elements: device.elementStates(),
        scenes: Object.fromEntries(device.scenes),
        settings: device.settings,
      })),
    };
  }

  private nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** The report sequence and replay buffer. */
  get reports(): ReportBuffer {
    return this.reportSender.buffer;
  }

  /** Numbers, buffers and (when connected) sends a report. */
  private publishReport(report: UnnumberedReport): NumberedReport {
    return this.reportSender.add(report);
  }

  private async publish(channel: GatewayChannelName, message: unknown, retain = false): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    try {
      await client.publishAsync(gatewayTopic(this.sn, channel), JSON.stringify(message), { qos: 1, retain });
    } catch (error) {
      this.options.log?.(`${this.sn}: publish ${channel} failed: ${(error as Error).message}`);
    }
  }

  private publishPresence(client: MqttClient): Promise<unknown> {
    const message: PresenceMessage = {
      online: true,
      meshReady: this.meshReady,
      firmware: this.options.firmware ?? '2.4.1',
      at: seconds(Date.now()),
    };
    return client.publishAsync(gatewayTopic(this.sn, 'presence'), JSON.stringify(message), { qos: 1, retain: true });
  }

  /** Publishes the full inventory. */
  publishInventory(): Promise<void> {
    const message: InventoryMessage = {
      seq: this.nextSeq(),
      devices: [...this.devices.values()].map((device) => device.inventory()),
    };
    return this.publish('inventory', message);
  }

  private publishState(devices: SimDevice[], withPresence = false): Promise<void> {
    if (!devices.length) return Promise.resolve();
    const message: StateMessage = {
      seq: this.nextSeq(),
      at: seconds(Date.now()),
      devices: devices.map((device) => ({
        mac: device.mac,
        ...(withPresence ? { online: device.presence === 'online' } : {}),
        elements: device.elementStates(),
      })),
    };
    return this.publish('state', message);
  }

  private publishAck(ack: AckMessage): Promise<void> {
    return this.publish('ack', ack);
  }

  private async postMesh(path: string, fields: Record<string, unknown>): Promise<void> {
    const url = `${this.options.httpUrl!.replace(/\/$/, '')}${path}`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uid: this.sn, token: this.options.secret, ...fields }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => null)) as { code?: number } | null;
      if (answer?.code !== 0) this.options.log?.(`${this.sn}: ${path} answered ${response.status} ${answer?.code}`);
    } catch (error) {
      this.options.log?.(`${this.sn}: ${path} failed: ${(error as Error).message}`);
    }
  }

  private onMessage(_topic: string, payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (this.reportSender.handle(body)) {
      if (this.historyQueue.length > 0) this.sendHistory();
      return;
    }
    const cancel = CancelMessageSchema.safeParse(body);
    if (cancel.success) {
      this.cancel(cancel.data.cancelTaskId);
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
    this.execute(command.data.taskId, command.data.targets, command.data.action, command.data.timeoutMs);
  }

  private latency(device: SimDevice): number {
    const latency = device.spec.latencyMs ?? this.options.latencyMs ?? [20, 150];
    if (typeof latency === 'number') return latency;
    const [min, max] = latency;
    return Math.round(min + Math.random() * (max - min));
  }

  private execute(
    taskId: number,
    targets: { mac: string; address: number }[],
    action: CommandAction,
    timeoutMs: number,
  ) {
    if (this.tasks.has(taskId)) return; // a redelivered command
    void this.publishAck({ taskId, state: 'received', results: [] });
    void this.publishAck({ taskId, state: 'executing', results: [] });
    const task: RunningTask = {
      taskId,
      timers: [],
      waiting: new Set(),
      lost: 0,
      canceled: false,
      timeoutMs,
      givingUp: false,
      results: [],
    };
    this.tasks.set(taskId, task);
    const immediate: AckMessage['results'] = [];
    const byDelay = new Map<number, SimDevice[]>();
    const everyone = targets.length === 0 && action.op === 'sync';
    const chosen = everyone
      ? [...this.devices.values()].map((device) => ({ mac: device.mac, address: device.spec.address }))
      : targets;
    if (action.op === 'config') this.groupButtons(chosen.map((target) => target.mac));
    for (const target of chosen) {
      const device = this.device(target.mac);
      if (!device || device.spec.address !== target.address || device.presence === 'offline') {
        immediate.push({ mac: target.mac, ok: false, reason: 'offline' });
        continue;
      }
      if (device.presence === 'lost') {
        task.lost += 1;
        continue;
      }
      task.waiting.add(device.mac);
      const delay = this.latency(device);
      const batch = byDelay.get(delay);
      if (batch) batch.push(device);
      else byDelay.set(delay, [device]);
    }
    if (immediate.length) {
      task.results.push(...immediate);
      void this.publishAck({ taskId, state: 'executing', results: immediate });
    }
    for (const [delay, batch] of byDelay) {
      task.timers.push(setTimeout(() => this.complete(task, batch, action), delay));
    }
    this.finishIfDone(task);
  }

  private complete(task: RunningTask, batch: SimDevice[], action: CommandAction): void {
    if (task.canceled || !this.tasks.has(task.taskId)) return;
    const now = Date.now();
    const results: AckMessage['results'] = [];
    const changed: SimDevice[] = [];
    for (const device of batch) {
      task.waiting.delete(device.mac);
      if (device.presence === 'lost') {
        task.lost += 1;
        continue;
      }
      if (device.presence === 'offline') {
        results.push({ mac: device.mac, ok: false, reason: 'offline' });
        continue;
      }
      const outcome = device.apply(action, now, task.taskId);
      results.push(outcome.ok ? { mac: device.mac, ok: true } : { mac: device.mac, ok: false, reason: outcome.reason });
      if (outcome.ok && action.op !== 'storeScene' && action.op !== 'config') changed.push(device);
      if (device.hasFade) this.startFading();
    }
    void this.publishState(changed, action.op === 'sync');
    if (results.length) {
      task.results.push(...results);
      // The last outcomes travel in `done` alone, which repeats every outcome anyway.
      const last = task.waiting.size === 0 && task.lost === 0;
      if (!last) void this.publishAck({ taskId: task.taskId, state: 'executing', results });
    }
    this.finishIfDone(task);
  }

  /**
   * Sends `done` once no device is waiting. It repeats every outcome: with several console processes on
   * one broker, acks of one gateway may be applied by different processes in any order, so the final
   * ack must be complete on its own.
   */
  private finishIfDone(task: RunningTask): void {
    if (task.waiting.size > 0) return;
    if (task.lost === 0) {
      this.tasks.delete(task.taskId);
      void this.publishAck({ taskId: task.taskId, state: 'done', results: task.results });
      return;
    }
    // Lost devices never answer: the gateway gives up when the console does, without their results.
    if (!task.givingUp) {
      task.givingUp = true;
      task.timers.push(
        setTimeout(() => {
          if (!this.tasks.delete(task.taskId)) return;
          void this.publishAck({ taskId: task.taskId, state: 'done', results: task.results });
        }, task.timeoutMs),
      );
    }
  }

  private cancel(taskId: number): void {
    const task = this.tasks.get(taskId);
    if (!task) return;
    task.canceled = true;
    for (const timer of task.timers) clearTimeout(timer);
    this.tasks.delete(taskId);
    const results = [...task.waiting].map((mac) => ({ mac, ok: false, reason: 'canceled' as const }));
    void this.publishAck({ taskId, state: 'canceled', results });
  }

  private startFading(): void {
    if (this.fading) return;
    this.fading = true;
    this.ticker.whileBusy((now) => {
      const changed = [...this.devices.values()].filter((device) => device.hasFade && device.tick(now));
      void this.publishState(changed);
      const still = changed.some((device) => device.hasFade);
      this.fading = still;
      return still;
    });
  }

  private slowTick(now: number): void {
    this.mesh.accrue(now, this.ticker.slowMs / 1000);
    this.reportSender.tick(now);
    if (this.historyQueue.length > 0) this.sendHistory();
    // Readings are counted while offline too: the gateway keeps them and replays them when back.
    if (this.mesh.readingsReporter() === this && !this.client?.connected && this.wantedOffline) {
      this.reportWhenDue(now, true);
      return;
    }
    if (!this.client?.connected || this.mesh.reporter() !== this) return;
    const sensorMean = this.options.sensorMeanMs ?? 120_000;
    if (sensorMean > 0) {
      // Motion follows the office's day: most in working hours, little at night and at weekends.
      const chance = (this.ticker.slowMs / sensorMean) * Math.max(0.2, occupancyChance(new Date(now)) / 0.75);
      const triggered = [...this.devices.values()].filter(
        (device) =>
          device.presence === 'online' &&
          device.spec.kind === 'motionSensor' &&
          Math.random() < chance &&
          device.trigger(seconds(now)),
      );
      if (triggered.length) {
        void this.publishState(triggered);
        for (const device of triggered) this.sendTrigger(device, now);
      }
    }
    for (const device of this.devices.values()) if (device.emergency) this.sendEmergencyReport(device, now);
    this.reportWhenDue(now, false);
  }

  /** Changes the period of consumption and readings reports (0 stops them). */
  setReportPeriod(ms: number): void {
    this.reportPeriod = ms;
    this.nextReportAt = 0;
  }

  private reportWhenDue(now: number, offline: boolean): void {
    const period = this.reportPeriod;
    if (period <= 0) return;
    if (this.nextReportAt === 0) this.nextReportAt = now + Math.random() * period;
    if (now < this.nextReportAt) return;
    this.nextReportAt = now + period;
    if (offline) this.publishReadings(now);
    else this.report(now);
  }

  /** A `readings` report of every online device's counters (in chunks of the schema's 2000 devices). */
  private publishReadings(now: number): void {
    this.mesh.earliestReadings ??= this.mesh.historyEnd(now);
    const readings = [...this.devices.values()]
      .filter((device) => device.presence === 'online')
      .map((device) => this.mesh.meters.get(device.mac)?.take(Boolean(this.options.httpUrl)) ?? null)
      .filter((reading) => reading !== null);
    for (let start = 0; start < readings.length; start += 2000) {
      const report: UnnumberedReport = {
        kind: 'readings',
        at: seconds(now),
        devices: readings.slice(start, start + 2000),
      };
      if (this.historyQueue.length > 0) this.historyQueue.push(report);
      else this.publishReport(report);
    }
  }

  /**
   * Fills the `spanMs` before the earliest readings the mesh sent (or before now) with simulated readings
   * reports (`history.ts`), oldest first, sent by the mesh's readings gateway as ordinary numbered
   * reports. They are numbered a window at a time (`HISTORY_WINDOW` device readings, the next once these
   * are confirmed and after a short rest), so the console stores them between its other work; live
   * readings wait behind them, so the counters the console sees never go back. Answers the number of
   * reports and the span. `until` (ms) ends the history there instead of now when the mesh sent no readings
   * yet (tests that want a given weekday).
   */
  fillHistory(spanMs: number, until = Date.now()): { reports: number; from: number; to: number } {
    const reporter = this.mesh.readingsReporter() ?? this;
    if (reporter !== this) return reporter.fillHistory(spanMs, until);
    const end = this.mesh.historyEnd(until);
    const history = simulateHistory({
      devices: this.devices.values(),
      from: end.at - spanMs,
      to: end.at,
      anchors: end.counters,
      sensorMeanMs: this.options.sensorMeanMs || undefined,
    });
    this.mesh.earliestReadings = { at: end.at - spanMs, counters: history.startAnchors };
    const chunks: UnnumberedReport[] = [];
    for (const report of history.reports) {
      for (let start = 0; start < report.devices.length; start += 2000) {
        chunks.push({ kind: 'readings', at: report.at, devices: report.devices.slice(start, start + 2000) });
      }
    }
    // An earlier history still queued is newer: this one goes first.
    this.historyQueue.unshift(...chunks);
    this.sendHistory();
    return { reports: chunks.length, from: end.at - spanMs, to: end.at };
  }

  /**
   * Queues the reports of the self-tests the mesh's emergency fittings ran in the last `months` months
   * (`simulateEmergencyHistory`: a function test every month, one duration test each), sent in windows
   * like the readings history. Answers the number of reports.
   */
  fillEmergencyHistory(months: number, until = Date.now()): number {
    const reporter = this.mesh.readingsReporter() ?? this;
    if (reporter !== this) return reporter.fillEmergencyHistory(months, until);
    // A start cut short before the console stored any of them: the queue resumed from the last run holds them.
    if (this.historyQueue.holds('emergency')) return 0;
    const from = new Date(until);
    from.setUTCMonth(from.getUTCMonth() - months);
    const reports = simulateEmergencyHistory(this.devices.values(), from.getTime(), until);
    // Older than any readings history: it goes first.
    this.historyQueue.unshift(...reports);
    this.sendHistory();
    return reports.length;
  }

  /** Whether history reports wait to be sent or to be confirmed by the console. */
  get historyPending(): boolean {
    return this.historyQueue.length > 0 || this.reports.confirmed < this.historyLastSeq;
  }

  /**
   * Numbers the next window of queued history (`HISTORY_WINDOW` device readings) once the last one is
   * confirmed and the gateway has rested a quarter of the time the console took to store it, so the
   * console answers pages between windows (docs/decisions.md, "Demo history").
   */
  private sendHistory(now = Date.now()): void {
    if (!this.connected) return;
    if (this.historyWindowAt !== null) {
      if (this.reports.confirmed < this.historyLastSeq) return;
      this.historyRestUntil = now + (now - this.historyWindowAt) / 4;
      this.historyWindowAt = null;
    }
    if (now < this.historyRestUntil) return;
    let readings = 0;
    while (this.historyQueue.length > 0 && readings < HISTORY_WINDOW) {
      const report = this.historyQueue.shift()!;
      this.historyLastSeq = this.publishReport(report).seq;
      readings += report.kind === 'readings' ? report.devices.length : 1;
      this.historyWindowAt = now;
    }
    // Numbered reports are the replay buffer's now (kept in its own file).
    if (this.historyWindowAt === now) this.historyQueue.save();
  }

  /** A device's driver counter is reset to 0 (reported with the next readings). */
  resetCounter(mac: string): void {
    this.mesh.meters.get(this.mustDevice(mac).mac)?.resetCounter();
  }

  /** A device's driver is replaced: a new serial number and counter. */
  swapDriver(mac: string): void {
    this.mesh.meters.get(this.mustDevice(mac).mac)?.swapDriver();
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

  private sendTrigger(device: SimDevice, now: number): void {
    const count = device.pendingTriggers;
    device.pendingTriggers = 0;
    if (count <= 0) return;
    // A trigger is reported one way: as a section-7 call (with its readings) when the gateway uses them,
    // else counted into the next `readings` report (its time already went with the state message).
    if (!this.options.httpUrl) {
      this.mesh.meters.get(device.mac)?.countTriggers(count);
      return;
    }
    const motion = device.elements.find((element) => element.type === ElementType.motionSensor);
    const report = this.publishReport({ kind: 'sensorTrigger', mac: device.mac, at: seconds(now), count });
    void this.postMesh('/SigMesh/report/sensor/trigger', {
      ...withoutKind(report),
      ...(motion ? { elements: [{ index: motion.index, triggers: count }] } : {}),
    });
  }

  /**
   * Fresh light-sensor readings and the readings report. On-time travels one way (docs/gateway-protocol.md
   * "Readings"): in the readings, or, for a gateway using the section-7 calls, as a `consume` report per
   * luminaire (numbered, and posted to `/SigMesh/report/light/consume`).
   */
  private report(now: number): void {
    const luxChanged: SimDevice[] = [];
    for (const device of this.devices.values()) {
      if (device.presence !== 'online') continue;
      if (device.driftLux()) luxChanged.push(device);
      const consumption = device.takeConsumption();
      if (!consumption || !this.options.httpUrl) continue;
      const report = this.publishReport({ kind: 'consume', mac: device.mac, at: seconds(now), ...consumption });
      void this.postMesh('/SigMesh/report/light/consume', withoutKind(report));
    }
    void this.publishState(luxChanged);
    this.publishReadings(now);
  }
}
