import type { AckMessage, GatewayChannelName, LiveEvent } from '@lightwell/domain';

/** The gateway a message came from, as stored. */
export interface LinkedGateway {
  id: number;
  nid: number;
  sn: string;
}

/** A task acknowledgement received from a gateway (already validated), handed to the ack handlers. */
export interface AckEvent {
  gateway: LinkedGateway;
  message: AckMessage;
  /** When this process received it. */
  receivedAt: Date;
}

/**
 * Handles task acknowledgements. Handlers run one message at a time, in the order the messages arrived,
 * after the MQTT acknowledgement was sent (a failing handler is logged and does not stop the others).
 */
export type AckHandler = (event: AckEvent) => Promise<void> | void;

/** Devices a person switched at the installation (a push button or panel press reported by a gateway). */
export interface ManualEvent {
  nid: number;
  deviceIds: number[];
}

/** What an applied message changed, for live events. */
export interface Applied {
  /** Devices whose state changed, by network. */
  devices?: { nid: number; ids: number[] };
  events?: LiveEvent[];
  /** The gateway is to be asked for its full inventory (a gap in its state sequence). */
  requestInventory?: boolean;
  /** Devices a person switched at the installation (a button press). */
  manual?: ManualEvent;
}

/**
 * Handles changed-users announcements: the ids, or `null` when the connection to the broker came back
 * after a break (announcements may have been missed, so every user counts as changed).
 */
export type UsersChangedHandler = (uids: readonly number[] | null) => void;

/** Handles manual switching at the installation, like `AckHandler` (one at a time, failures logged). */
export type ManualHandler = (event: ManualEvent) => Promise<void> | void;

/**
 * The console's MQTT connection to its gateways (docs/gateway-protocol.md): the embedded broker by
 * default, or `MQTT_URL`. Every server process holds one.
 */
export interface GatewayLink {
  /** Publishes a message (JSON) to one channel of a gateway at QoS 1; resolves when the broker has it. */
  publish(gatewaySn: string, channel: GatewayChannelName, message: unknown): Promise<void>;
  /** Registers a handler of task acknowledgements of this link; answers a function that removes it. */
  onAck(handler: AckHandler): () => void;
  /** Registers a handler of button and panel presses of this link; answers a function that removes it. */
  onManual(handler: ManualHandler): () => void;
  /**
   * A gateway was deleted or got a new secret: its cached credentials are forgotten and its live MQTT
   * connection is closed (in whichever server process holds the embedded broker).
   */
  revokeGateway(gatewaySn: string): Promise<void>;
  /**
   * Announces to every server process (this one too) that these users' sessions or rows changed, so their
   * session caches forget them. Does not wait for the broker: while it is down, the caches' lifetime
   * (SESSION_CACHE_MS) bounds how long another process may still answer from what it kept.
   */
  announceUsersChanged(uids: readonly number[]): void;
  /** Registers a handler of changed-users announcements; answers a function that removes it. */
  onUsersChanged(handler: UsersChangedHandler): () => void;
  /** Resolves when every message received so far has been applied (tests, shutdown). */
  drain(): Promise<void>;
  /** URL gateways connect to (the embedded broker's, or `MQTT_URL` without credentials). */
  readonly brokerUrl: string;
  /** Whether the console's MQTT connection to the broker is up now (readiness). */
  readonly connected: boolean;
  /** Gateway messages received and not yet applied, and when the oldest came (metrics). */
  backlog(): { messages: number; oldestReceivedAt: Date | null };
  close(): Promise<void>;
}

/**
 * Live updates to browsers. `publish` reaches the subscribers of every server process (through the
 * broker's `lw/srv/live/<nid>` topics), `subscribe` registers a browser stream of this process.
 */
export interface LiveHub {
  publish(event: LiveEvent): Promise<void>;
  subscribe(nid: number, listener: (event: LiveEvent) => void): () => void;
}
