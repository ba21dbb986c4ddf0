import type { Socket } from 'node:net';
import { type GatewayChannelName, gatewayTopic, type PresenceMessage } from '@lightwell/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { Backoff, type BackoffOptions } from './backoff.ts';
import { endWithin } from './end-client.ts';

/** Connection state of a simulated gateway. */
export type GatewayConnection = 'connecting' | 'online' | 'offline' | 'stopped';

/** How a gateway's session reaches the console, and what it does with what arrives. */
export interface GatewaySessionOptions {
  sn: string;
  secret: string;
  brokerUrl: string;
  /** Console base URL for the mesh-prefix HTTP calls (`/SigMesh/...`). */
  httpUrl?: string | undefined;
  keepaliveSeconds?: number | undefined;
  /** Reconnect backoff (default 0.5 s doubling to 30 s, full jitter, reset after 30 s connected). */
  reconnect?: BackoffOptions | undefined;
  /** Random source of the reconnect jitter (a seeded one replays a run). */
  random?: (() => number) | undefined;
  log?: ((message: string) => void) | undefined;
  /** The retained presence sent on every connection and on `publishPresence`. */
  presence: () => PresenceMessage;
  /** Sent after the presence, before the gateway counts as online (its inventory). */
  announce: () => Promise<void>;
  /** The gateway is connected and announced. */
  onOnline: () => void;
  /** A JSON message on the gateway's command topic. */
  onMessage: (body: unknown) => void;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/** How long a stopping gateway waits for its in-flight messages to be acknowledged. */
const STOP_GRACE_MS = 2000;

/**
 * A gateway's connection to the console as a real one keeps it (docs/gateway-protocol.md): MQTT user = sn,
 * password = secret, a retained offline will, subscribe to its command topic, retained presence, then the
 * announcement; reconnects on its own timer with backoff until dropped or stopped. Also the mesh-prefix
 * HTTP calls when given the console's URL.
 */
export class GatewaySession {
  connection: GatewayConnection = 'offline';
  /** Connections lost or refused since start (each one scheduled a reconnect). */
  reconnects = 0;
  /** Delays chosen for reconnects, newest last (tests read it). */
  readonly reconnectDelays: number[] = [];
  private readonly backoff: Backoff;
  private client: MqttClient | null = null;
  private wanted = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly connectedWaiters: (() => void)[] = [];

  constructor(private readonly options: GatewaySessionOptions) {
    this.backoff = new Backoff(options.reconnect, options.random);
  }

  /** Failed attempts since the backoff last started over (after a stable connection or a wanted start). */
  get attempt(): number {
    return this.backoff.attempt;
  }

  get connected(): boolean {
    return this.connection === 'online';
  }

  /** Whether the MQTT connection is up (announced or not). */
  get clientConnected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connects (and keeps reconnecting with backoff until `drop` or `stop`); answers false when already wanted. */
  start(): boolean {
    if (this.wanted) return false;
    this.wanted = true;
    this.backoff.reset();
    this.connect();
    return true;
  }

  /** Resolves once connected and announced. */
  whenConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  private connect(): void {
    if (!this.wanted) return;
    this.connection = 'connecting';
    const { options } = this;
    const client = mqtt.connect(options.brokerUrl, {
      clientId: options.sn,
      username: options.sn,
      password: options.secret,
      clean: true,
      keepalive: options.keepaliveSeconds ?? 30,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      will: {
        topic: gatewayTopic(options.sn, 'presence'),
        payload: Buffer.from(JSON.stringify({ online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => {
      (client.stream as Socket).setNoDelay?.(true);
      this.backoff.connected(Date.now());
      void this.announce(client);
    });
    client.on('message', (_topic, payload) => this.receive(payload));
    client.on('error', (error) => options.log?.(`${options.sn}: ${error.message}`));
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
      await client.subscribeAsync(gatewayTopic(this.options.sn, 'command'), { qos: 1 });
      await this.sendPresence(client);
      await this.options.announce();
    } catch (error) {
      this.options.log?.(`${this.options.sn}: announce failed: ${(error as Error).message}`);
      return;
    }
    if (this.client !== client) return;
    this.connection = 'online';
    this.options.onOnline();
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
  }

  private receive(payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    this.options.onMessage(body);
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.reconnectTimer) return;
    const delay = this.backoff.next(Date.now());
    this.reconnects += 1;
    this.reconnectDelays.push(delay);
    if (this.reconnectDelays.length > 20) this.reconnectDelays.shift();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private stopReconnecting(): void {
    this.wanted = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** Drops the connection without a clean disconnect, so the broker publishes the last will; stays offline. */
  drop(): void {
    this.stopReconnecting();
    const client = this.client;
    this.client = null;
    this.connection = 'offline';
    if (client) {
      (client.stream as Socket | undefined)?.destroy();
      client.end(true);
    }
  }

  /** Stops for good: publishes a retained offline and disconnects cleanly. */
  async stop(): Promise<void> {
    this.connection = 'stopped';
    this.stopReconnecting();
    const client = this.client;
    this.client = null;
    if (!client) return;
    try {
      if (client.connected) {
        const offline = JSON.stringify({ online: false, at: seconds(Date.now()) });
        await Promise.race([
          client.publishAsync(gatewayTopic(this.options.sn, 'presence'), offline, { qos: 1, retain: true }),
          new Promise((resolve) => setTimeout(resolve, 1000)),
        ]);
      }
    } catch {
      // the broker is gone already
    }
    await endWithin(client, STOP_GRACE_MS);
  }

  /** Publishes on one of the gateway's channels when connected (QoS 1); a failure is logged. */
  async publish(channel: GatewayChannelName, message: unknown, retain = false): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    try {
      await client.publishAsync(gatewayTopic(this.options.sn, channel), JSON.stringify(message), { qos: 1, retain });
    } catch (error) {
      this.options.log?.(`${this.options.sn}: publish ${channel} failed: ${(error as Error).message}`);
    }
  }

  /** Sends the retained presence again (mesh ready or not) when connected. */
  publishPresence(): void {
    if (this.client?.connected) void this.sendPresence(this.client);
  }

  private sendPresence(client: MqttClient): Promise<unknown> {
    const topic = gatewayTopic(this.options.sn, 'presence');
    return client.publishAsync(topic, JSON.stringify(this.options.presence()), { qos: 1, retain: true });
  }

  /** A mesh-prefix HTTP call (`/SigMesh/...`) with the gateway's credentials; failures are logged. */
  async postMesh(path: string, fields: Record<string, unknown>): Promise<void> {
    const { sn, secret, httpUrl, log } = this.options;
    const url = `${httpUrl!.replace(/\/$/, '')}${path}`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uid: sn, token: secret, ...fields }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => null)) as { code?: number } | null;
      if (answer?.code !== 0) log?.(`${sn}: ${path} answered ${response.status} ${answer?.code}`);
    } catch (error) {
      log?.(`${sn}: ${path} failed: ${(error as Error).message}`);
    }
  }
}
