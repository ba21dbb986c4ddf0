import { randomBytes } from 'node:crypto';
import {
  type AckMessage,
  AckMessageSchema,
  allGatewaysFilter,
  type GatewayChannelName,
  gatewayTopic,
  type InventoryMessage,
  InventoryMessageSchema,
  type InventoryRequest,
  isStampedAhead,
  LIVE_FILTER,
  type LiveEvent,
  LiveEventSchema,
  liveTopic,
  type PresenceMessage,
  PresenceMessageSchema,
  parseGatewayTopic,
  type ReportConfirm,
  type ReportMessage,
  ReportMessageSchema,
  type ResendRequest,
  type StateMessage,
  StateMessageSchema,
  TOPIC_ROOT,
} from '@lightwell/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ServerKeys } from '../lib/server-keys.ts';
import { timeSlices, yieldToEventLoop } from '../lib/time-slices.ts';
import {
  applyCountedReports,
  type CountedReport,
  type CountedReportOf,
  RESEND_REQUEST_INTERVAL_MS,
  reportMarks,
  type StoreOutcome,
  storeReports,
} from '../telemetry/index.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.ts';
import { SERVER_MQTT_USER, serverMqttPassword } from './credentials.ts';
import { endWithin } from './end-client.ts';
import {
  type Applied,
  applyInventory,
  applyPresence,
  applyReport,
  applyState,
  claimInventoryRequest,
  findGateways,
  loadDeviceStates,
} from './ingest.ts';
import type { AckHandler, GatewayLink, LinkedGateway, LiveHub, ManualHandler } from './types.ts';

/** Console-internal topic on which a deleted or re-keyed gateway is announced to every process. */
export const REVOKE_TOPIC = `${TOPIC_ROOT}/srv/revoke`;
/**
 * Most messages applied in one round: reports of every gateway in a round are stored together (a few
 * statements per round and per transaction of readings), so a queue that grew under load is taken in
 * larger rounds and the fixed cost of a round is shared by more messages.
 */
const BATCH_SIZE = 5000;
/** How long a closing console waits for its in-flight MQTT messages to be acknowledged. */
const CLOSE_GRACE_MS = 2000;

export interface LinkOptions {
  config: Config;
  db: Db;
  /** Keys derived from the server-only secret (the console's broker password). */
  keys: ServerKeys;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * A received gateway message waiting to be applied, as it came: a queue that grows under load holds bytes
 * outside the JavaScript heap, and each message is parsed only just before it is applied (so its objects die
 * young instead of being copied by every collection while they wait).
 */
interface Received {
  sn: string;
  channel: GatewayChannelName;
  payload: Buffer;
  receivedAt: Date;
}

/** What each channel the console applies carries, once checked. */
interface MessageOf {
  presence: PresenceMessage;
  inventory: InventoryMessage;
  state: StateMessage;
  report: ReportMessage;
  ack: AckMessage;
}
type AppliedChannel = keyof MessageOf;

/** The schema each applied channel's messages must pass. */
const SCHEMAS: {
  [C in AppliedChannel]: { safeParse(body: unknown): { success: true; data: MessageOf[C] } | { success: false } };
} = {
  presence: PresenceMessageSchema,
  inventory: InventoryMessageSchema,
  state: StateMessageSchema,
  report: ReportMessageSchema,
  ack: AckMessageSchema,
};

/** A received message that passed its channel's schema. */
type CheckedMessage = { [C in AppliedChannel]: { channel: C; data: MessageOf[C] } }[AppliedChannel];

/** A checked message of a known gateway, waiting to be applied. */
interface Checked {
  gateway: LinkedGateway;
  message: CheckedMessage;
  receivedAt: Date;
}

/** A message checked against its channel's schema: null when refused, undefined on a channel the console ignores. */
function checkMessage(channel: GatewayChannelName, body: unknown): CheckedMessage | null | undefined {
  if (!Object.hasOwn(SCHEMAS, channel)) return undefined;
  const result = SCHEMAS[channel as AppliedChannel].safeParse(body);
  return result.success ? ({ channel, data: result.data } as CheckedMessage) : null;
}

/** The link and the live hub of one server process, sharing one MQTT connection. */
export interface LinkBundle {
  link: GatewayLink;
  live: LiveHub;
}

function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}

/**
 * Connects this server process to the gateways: starts the embedded broker unless `MQTT_URL` is set,
 * connects the console's MQTT client, subscribes to what gateways send and to live updates, and applies
 * received messages in batches off the MQTT acknowledgement path.
 */
export async function createGatewayLink(options: LinkOptions): Promise<LinkBundle> {
  const { config, db, log } = options;
  let broker: EmbeddedBroker | null = null;
  let connectUrl: string;
  let brokerUrl: string;
  const clientOptions: mqtt.IClientOptions = {
    clientId: `lightwell-server-${randomBytes(6).toString('hex')}`,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    resubscribe: true,
  };
  if (config.mqttUrl) {
    connectUrl = config.mqttUrl;
    brokerUrl = withoutCredentials(config.mqttUrl);
  } else {
    broker = await startEmbeddedBroker({
      db,
      serverPassword: serverMqttPassword(options.keys),
      host: config.mqttHost,
      port: config.mqttPort,
      maxPacketBytes: config.mqttMaxPacketBytes,
      connectTimeoutMs: config.mqttConnectTimeoutMs,
      maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress,
      retainedPerGateway: config.mqttRetainedPerGateway,
      log,
    });
    const host = config.mqttHost === '0.0.0.0' || config.mqttHost === '::' ? '127.0.0.1' : config.mqttHost;
    connectUrl = `mqtt://${host}:${broker.port}`;
    brokerUrl = connectUrl;
    clientOptions.username = SERVER_MQTT_USER;
    clientOptions.password = serverMqttPassword(options.keys);
  }

  const ackHandlers = new Set<AckHandler>();
  const manualHandlers = new Set<ManualHandler>();

  /** Runs each handler in turn; a failing one is logged and does not stop the others. */
  async function handOn<E>(handlers: Set<(event: E) => Promise<void> | void>, event: E, failure: string) {
    for (const handler of handlers) {
      try {
        await handler(event);
      } catch (error) {
        log.error({ err: error }, failure);
      }
    }
  }
  const liveListeners = new Map<number, Set<(event: LiveEvent) => void>>();
  const queue: Received[] = [];
  let draining: Promise<void> | null = null;
  let closed = false;

  const client: MqttClient = mqtt.connect(connectUrl, clientOptions);
  client.on('connect', () => {
    (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  });
  // A failed first connection fails the start (which explains it); once closing, a late acknowledgement
  // may meet the ended socket: nothing to report in either case.
  let connectedOnce = false;
  client.on('error', (error) => {
    if (connectedOnce && !closed) log.warn({ err: error }, 'MQTT client error');
  });

  // Several server processes on one external broker share the gateway messages (each is applied once);
  // presence is retained and subscribed by every process; live updates and revocations reach every process.
  const shared = (filter: string) => (config.mqttUrl ? `$share/${config.mqttShareGroup}/${filter}` : filter);
  const subscriptions: Record<string, { qos: 1 }> = {
    [allGatewaysFilter('presence')]: { qos: 1 },
    [shared(allGatewaysFilter('ack'))]: { qos: 1 },
    [shared(allGatewaysFilter('state'))]: { qos: 1 },
    [shared(allGatewaysFilter('inventory'))]: { qos: 1 },
    [shared(allGatewaysFilter('report'))]: { qos: 1 },
    [LIVE_FILTER]: { qos: 1 },
    [REVOKE_TOPIC]: { qos: 1 },
  };

  client.on('message', (topic, payload) => {
    if (topic.startsWith(`${TOPIC_ROOT}/srv/`)) {
      handleInternal(topic, payload);
      return;
    }
    const parsed = parseGatewayTopic(topic);
    if (!parsed || parsed.channel === 'command') return;
    // An empty retained message only clears a topic.
    if (payload.length === 0) return;
    queue.push({ sn: parsed.gatewayId, channel: parsed.channel, payload, receivedAt: options.now() });
    schedule();
  });

  function handleInternal(topic: string, payload: Buffer): void {
    if (topic === REVOKE_TOPIC) {
      broker?.revoke(payload.toString('utf8'));
      return;
    }
    let event: LiveEvent;
    try {
      event = LiveEventSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    for (const listener of liveListeners.get(event.nid) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error }, 'live listener failed');
      }
    }
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      client.off('connect', onConnect);
      reject(error);
    };
    const onConnect = () => {
      client.off('error', onError);
      connectedOnce = true;
      resolve();
    };
    client.once('connect', onConnect);
    client.once('error', onError);
  });
  await client.subscribeAsync(subscriptions);
  broker?.acceptGateways();

  function schedule(): void {
    if (draining || closed) return;
    draining = yieldToEventLoop()
      .then(drainLoop)
      .finally(() => {
        draining = null;
        if (queue.length > 0) schedule();
      });
  }

  /**
   * Rounds overlap by one step: while a round's reports are being stored, the next round is taken from the
   * queue, its gateways looked up and its messages checked against their schemas (the console's share of the
   * work), so the database is not left waiting for it. Everything a round changes, stores and announces
   * happens after the round before it is done, in the order the rounds were taken.
   */
  async function drainLoop(): Promise<void> {
    let applying: Promise<void> = Promise.resolve();
    while (queue.length > 0) {
      const checked = await checkBatch(queue.splice(0, BATCH_SIZE));
      await applying;
      applying = checked ? applyBatch(checked) : Promise.resolve();
    }
    await applying;
  }

  /** A round's messages that passed their schema, with their gateways; null when the lookup failed. */
  async function checkBatch(batch: Received[]): Promise<Checked[] | null> {
    let found: Map<string, LinkedGateway>;
    try {
      found = await findGateways(db, [...new Set(batch.map((m) => m.sn))]);
    } catch (error) {
      log.error({ err: error }, 'gateway lookup failed; messages dropped');
      return null;
    }
    const checked: Checked[] = [];
    const pause = timeSlices();
    for (const message of batch) {
      await pause();
      const gateway = found.get(message.sn);
      if (!gateway) continue;
      let body: unknown;
      try {
        body = JSON.parse(message.payload.toString('utf8'));
      } catch {
        log.warn({ sn: message.sn, channel: message.channel }, 'gateway message is not JSON');
        continue;
      }
      const parsed = checkMessage(message.channel, body);
      if (parsed) checked.push({ gateway, message: parsed, receivedAt: message.receivedAt });
      else if (parsed === null) {
        log.warn({ sn: message.sn, channel: message.channel }, 'gateway message refused by its schema');
      }
    }
    return checked;
  }

  async function applyBatch(batch: Checked[]): Promise<void> {
    const changed = new Map<number, Set<number>>();
    const events: LiveEvent[] = [];
    const reports = new Map<string, { gateway: LinkedGateway; reports: ReportMessage[] }>();
    const keepReport = (gateway: LinkedGateway, report: ReportMessage) => {
      const entry = reports.get(gateway.sn) ?? { gateway, reports: [] };
      entry.reports.push(report);
      reports.set(gateway.sn, entry);
    };
    // Consumption and trigger reports (one per device and period) are applied together after the loop.
    const counted: CountedReportOf[] = [];
    const pause = timeSlices();
    for (const { gateway, message, receivedAt } of batch) {
      await pause();
      try {
        const applied = await applyOne(
          gateway,
          message,
          receivedAt,
          (report) => keepReport(gateway, report),
          (report) => counted.push({ gateway, report }),
        );
        if (applied?.devices) {
          const set = changed.get(applied.devices.nid) ?? new Set<number>();
          for (const id of applied.devices.ids) set.add(id);
          changed.set(applied.devices.nid, set);
        }
        if (applied?.events) events.push(...applied.events);
        if (applied?.requestInventory) requestInventory(gateway, 'gap in the state sequence');
        if (applied?.manual) await handOn(manualHandlers, applied.manual, 'manual handler failed');
      } catch (error) {
        log.error({ err: error, sn: gateway.sn, channel: message.channel }, 'gateway message not applied');
      }
    }
    if (counted.length > 0) {
      try {
        for (const [nid, ids] of await applyCountedReports(db, counted, options.now())) {
          const set = changed.get(nid) ?? new Set<number>();
          for (const id of ids) set.add(id);
          changed.set(nid, set);
        }
        for (const { gateway, report } of counted) keepReport(gateway, report);
      } catch (error) {
        // Not applied, so not kept or confirmed: the gateways send these reports again.
        log.error({ err: error }, 'consumption and trigger reports not applied');
      }
    }
    if (reports.size > 0) {
      try {
        await storeReports(db, [...reports.values()], options.now(), confirmReports);
      } catch (error) {
        // What was not committed is not confirmed: the gateways send those reports again.
        log.error({ err: error }, 'reports not stored');
      }
    }
    // Device changes of a batch are coalesced into one `devices` event per network.
    for (const [nid, ids] of changed) {
      try {
        const states = await loadDeviceStates(db, nid, [...ids], options.now());
        if (states.length > 0) events.push({ type: 'devices', nid, devices: states });
      } catch (error) {
        log.error({ err: error }, 'device states not loaded');
      }
    }
    await Promise.all(events.map((event) => live.publish(event).catch(() => undefined)));
  }

  function requestInventory(gateway: LinkedGateway, why: string): void {
    log.info({ sn: gateway.sn }, `${why}: full inventory requested`);
    const request: InventoryRequest = { sendInventory: true };
    client
      .publishAsync(gatewayTopic(gateway.sn, 'command'), JSON.stringify(request), { qos: 1 })
      .catch((error: unknown) => log.warn({ err: error, sn: gateway.sn }, 'inventory request not sent'));
  }

  /**
   * After the commit: each gateway that started its report stream hears what is stored up to, on its
   * command topic, and the missing range it is asked to send again (docs/gateway-protocol.md).
   */
  function confirmReports(outcomes: StoreOutcome[]): void {
    for (const { gateway, mark, strangers } of outcomes) {
      // Readings of devices without an inventory were dropped: the gateway is asked for it, so they are
      // known by its next readings (at most once per interval across processes).
      if (strangers) {
        claimInventoryRequest(db, gateway.id, options.now()).then(
          (claimed) => claimed && requestInventory(gateway, 'readings of unknown devices'),
          (error: unknown) => log.warn({ err: error, sn: gateway.sn }, 'inventory request not claimed'),
        );
      }
      if (!mark) continue;
      if (mark.hole && !mark.resend) remindLater(gateway);
      const messages: (ReportConfirm | ResendRequest)[] = [{ storedUpTo: mark.storedUpTo }];
      if (mark.resend) messages.push({ resend: mark.resend });
      for (const message of messages) {
        client
          .publishAsync(gatewayTopic(gateway.sn, 'command'), JSON.stringify(message), { qos: 1 })
          .catch((error: unknown) => log.warn({ err: error, sn: gateway.sn }, 'report confirmation not sent'));
      }
    }
  }

  /** Gateways with a hole whose request was throttled: asked again once the interval has passed. */
  const holes = new Map<number, LinkedGateway>();
  let holeTimer: NodeJS.Timeout | null = null;
  function remindLater(gateway: LinkedGateway): void {
    holes.set(gateway.id, gateway);
    if (holeTimer || closed) return;
    holeTimer = setTimeout(() => {
      holeTimer = null;
      const due = [...holes.values()];
      holes.clear();
      if (closed) return;
      reportMarks(db, due, options.now()).then(confirmReports, (error: unknown) =>
        log.warn({ err: error }, 'report holes not checked'),
      );
    }, RESEND_REQUEST_INTERVAL_MS + 100);
    holeTimer.unref();
  }

  async function applyOne(
    gateway: LinkedGateway,
    message: CheckedMessage,
    now: Date,
    keepReport: (report: ReportMessage) => void,
    countReport: (report: CountedReport) => void,
  ): Promise<Applied | undefined> {
    switch (message.channel) {
      case 'presence':
        return applyPresence(db, gateway, message.data, now);
      case 'inventory':
        return applyInventory(db, gateway, message.data, now);
      case 'state':
        return applyState(db, gateway, message.data, now);
      case 'report': {
        // Stamped too far ahead (a wrong gateway clock): not applied nor counted, only kept, so that its
        // receipt is confirmed and the clock fault filed (telemetry/store-reports.ts).
        if (isStampedAhead(message.data, now)) {
          keepReport(message.data);
          return undefined;
        }
        // Consumption and triggers: applied with the batch's others, then kept with them.
        if (message.data.kind === 'consume' || message.data.kind === 'sensorTrigger') {
          countReport(message.data);
          return undefined;
        }
        // Applied to device state first; stored (receipt, readings) with the batch, then confirmed.
        const applied = await applyReport(db, gateway, message.data, now);
        keepReport(message.data);
        return applied;
      }
      case 'ack':
        await handOn(ackHandlers, { gateway, message: message.data, receivedAt: now }, 'ack handler failed');
        return undefined;
    }
  }

  const live: LiveHub = {
    async publish(event) {
      if (closed) return;
      await client.publishAsync(liveTopic(event.nid), JSON.stringify(event), { qos: 1 });
    },
    subscribe(nid, listener) {
      let set = liveListeners.get(nid);
      if (!set) {
        set = new Set();
        liveListeners.set(nid, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && liveListeners.get(nid) === set) liveListeners.delete(nid);
      };
    },
  };

  const link: GatewayLink = {
    brokerUrl,
    async publish(gatewaySn, channel, message) {
      await client.publishAsync(gatewayTopic(gatewaySn, channel), JSON.stringify(message), { qos: 1 });
    },
    onAck(handler) {
      ackHandlers.add(handler);
      return () => ackHandlers.delete(handler);
    },
    onManual(handler) {
      manualHandlers.add(handler);
      return () => manualHandlers.delete(handler);
    },
    async revokeGateway(gatewaySn) {
      broker?.revoke(gatewaySn);
      if (!closed) await client.publishAsync(REVOKE_TOPIC, gatewaySn, { qos: 1 });
    },
    async drain() {
      while (draining || (queue.length > 0 && !closed)) {
        if (!draining) schedule();
        await draining;
      }
    },
    async close() {
      if (closed) return;
      await link.drain();
      closed = true;
      if (holeTimer) clearTimeout(holeTimer);
      await endWithin(client, CLOSE_GRACE_MS);
      await broker?.close();
    },
  };

  return { link, live };
}
