/**
 * MQTT topic layout between the console and its gateways (docs/gateway-protocol.md).
 *
 * Every gateway lives under `lw/gw/<gatewayId>/…`, where `<gatewayId>` is its serial number and also
 * its MQTT user name; a gateway may publish and subscribe only under its own prefix (the embedded
 * broker's authorizer and the Mosquitto ACL `pattern readwrite lw/gw/%u/#`). `lw/srv/…` is for the
 * console's own processes and no gateway may touch it.
 */
export const TOPIC_ROOT = 'lw';

/** What travels on a gateway topic, by its last segment. */
export const GatewayChannel = {
  /** Console → gateway: a command (`CommandMessage`) or a cancel (`CancelMessage`). QoS 1. */
  command: 'cmd',
  /** Gateway → console: progress and per-device outcome of a command (`AckMessage`). QoS 1. */
  ack: 'ack',
  /** Gateway → console: device state changes (`StateMessage`). QoS 1. */
  state: 'state',
  /** Gateway → console: the full mesh inventory after connecting and after a change (`InventoryMessage`). QoS 1. */
  inventory: 'inventory',
  /** Gateway → console: presence (`PresenceMessage`), retained; the last will is a retained offline. QoS 1. */
  presence: 'status',
  /** Gateway → console: reports such as consumption, sensor triggers and diagnoses (`ReportMessage`). QoS 1. */
  report: 'report',
} as const;
export type GatewayChannelName = keyof typeof GatewayChannel;

/** A gateway id as used in topics and as MQTT user name: 3-64 lower-case letters, digits or dashes. */
export const GATEWAY_ID_PATTERN = /^[a-z0-9][a-z0-9-]{2,63}$/;

/** Topic of one channel of one gateway. */
export function gatewayTopic(gatewayId: string, channel: GatewayChannelName): string {
  return `${TOPIC_ROOT}/gw/${gatewayId}/${GatewayChannel[channel]}`;
}

/** Subscription filter for one channel of every gateway (console side). */
export function allGatewaysFilter(channel: GatewayChannelName): string {
  return `${TOPIC_ROOT}/gw/+/${GatewayChannel[channel]}`;
}

/** Splits a gateway topic into gateway id and channel name, or null when it is not one. */
export function parseGatewayTopic(topic: string): { gatewayId: string; channel: GatewayChannelName } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT || parts[1] !== 'gw') return null;
  const gatewayId = parts[2]!;
  const channel = (Object.keys(GatewayChannel) as GatewayChannelName[]).find(
    (name) => GatewayChannel[name] === parts[3],
  );
  if (!channel || !GATEWAY_ID_PATTERN.test(gatewayId)) return null;
  return { gatewayId, channel };
}

/**
 * Whether a gateway (MQTT user `gatewayId`) may publish to or subscribe to `topic`: only topics under its
 * own prefix, no wildcards that reach outside it. The embedded broker's authorizer applies this.
 */
export function gatewayMayUse(gatewayId: string, topic: string): boolean {
  const prefix = `${TOPIC_ROOT}/gw/${gatewayId}/`;
  return topic.startsWith(prefix) && !topic.slice(0, prefix.length).includes('+') && !topic.includes('#/');
}

/** Console-internal topic on which every server process receives live updates of a network. */
export function liveTopic(nid: number): string {
  return `${TOPIC_ROOT}/srv/live/${nid}`;
}
/** Filter for all live-update topics. */
export const LIVE_FILTER = `${TOPIC_ROOT}/srv/live/+`;
