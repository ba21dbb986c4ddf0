import type { GatewayChannelName, InventoryMessage, StateMessage } from '@lightwell/domain';
import type { SimDevice } from './devices.ts';
import type { SimGatewayOptions } from './gateway-options.ts';
import { type GatewayConnection, GatewaySession } from './gateway-session.ts';
import type { NumberedReport, ReportBuffer, UnnumberedReport } from './report-buffer.ts';
import { ReportSender } from './report-sender.ts';
import { sharedTicker, type Ticker } from './ticker.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * A gateway's side of the protocol (docs/gateway-protocol.md): its session with the console
 * (`GatewaySession`), presence, inventory and state messages on one gap-free sequence from 0 at every
 * process start, and its durable report channel (`ReportSender`: numbering, replay buffer, confirmations).
 * `SimGateway` adds the mesh behind it.
 */
export abstract class GatewayProtocol {
  readonly sn: string;
  protected readonly options: SimGatewayOptions;
  protected readonly ticker: Ticker;
  protected readonly session: GatewaySession;
  /** Report numbering and the replay buffer (docs/gateway-protocol.md "Durable reports"). */
  protected readonly reportSender: ReportSender;
  protected meshReady: boolean;
  private seq = -1;

  /** The devices of the gateway's mesh. */
  abstract readonly devices: Map<string, SimDevice>;

  constructor(options: SimGatewayOptions) {
    this.options = options;
    this.sn = options.sn;
    this.ticker = options.ticker ?? sharedTicker;
    this.meshReady = options.meshReady ?? true;
    this.session = new GatewaySession({
      ...options,
      presence: () => ({ online: true, meshReady: this.meshReady, firmware: this.firmware, at: seconds(Date.now()) }),
      announce: () => this.publishInventory(),
      onOnline: () => this.onOnline(),
      onMessage: (body) => this.receive(body),
    });
    // Reports have their own sequence, started from the clock, so a restarted simulator's readings do
    // not repeat stored (gateway, seq) keys (the console takes a state sequence of 0 as a restart).
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
  }

  /** A message of the console on the command topic (report confirmations, commands). */
  protected abstract receive(body: unknown): void;

  protected get firmware(): string {
    return this.options.firmware ?? '2.4.1';
  }

  get connected(): boolean {
    return this.session.connected;
  }

  /** Connection state: connecting, online, offline or stopped. */
  get connection(): GatewayConnection {
    return this.session.connection;
  }

  /** Connections lost or refused since start (each one scheduled a reconnect). */
  get reconnects(): number {
    return this.session.reconnects;
  }

  /** Delays chosen for reconnects, newest last (tests read it). */
  get reconnectDelays(): number[] {
    return this.session.reconnectDelays;
  }

  /** Resolves once connected and announced (presence and inventory sent). */
  whenConnected(): Promise<void> {
    return this.session.whenConnected();
  }

  /** Everything unconfirmed goes again on each connection; with an HTTP URL, `/SigMesh/lbs` with the location. */
  private onOnline(): void {
    this.reportSender.resendUnconfirmed();
    if (!this.options.httpUrl) return;
    const location = this.options.location ?? { country: 'DE', latitude: 52.52, longitude: 13.405 };
    const { country, latitude, longitude } = location;
    const deviceInfo = `lightwell-simulator ${this.firmware}`;
    void this.session.postMesh('/SigMesh/lbs', { country, latitude, longitude, deviceInfo });
  }

  /** Mesh ready or not (section 3 meshStatus); republishes presence. */
  setMeshReady(ready: boolean): void {
    this.meshReady = ready;
    this.session.publishPresence();
  }

  /** The report sequence and replay buffer. */
  get reports(): ReportBuffer {
    return this.reportSender.buffer;
  }

  /** Numbers, buffers and (when connected) sends a report. */
  protected publishReport(report: UnnumberedReport): NumberedReport {
    return this.reportSender.add(report);
  }

  protected publish(channel: GatewayChannelName, message: unknown, retain = false): Promise<void> {
    return this.session.publish(channel, message, retain);
  }

  /** Publishes the full inventory. */
  publishInventory(): Promise<void> {
    const devices = [...this.devices.values()].map((device) => device.inventory());
    const message: InventoryMessage = { seq: this.nextSeq(), devices };
    return this.publish('inventory', message);
  }

  /** The devices' element states (with their presence when asked), if any. */
  protected publishState(devices: SimDevice[], withPresence = false): Promise<void> {
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

  private nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }
}
