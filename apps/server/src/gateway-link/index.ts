export {
  demoGatewaySecret,
  hashGatewaySecret,
  newGatewaySecret,
  SERVER_MQTT_USER,
  secretMatches,
  serverMqttPassword,
} from './credentials.ts';
export { type Applied, applyReport, type DeviceReport, liveEventsOf, loadDeviceStates } from './ingest.ts';
export { createGatewayLink, type LinkBundle, type LinkOptions, REVOKE_TOPIC } from './link.ts';
export type { AckEvent, AckHandler, GatewayLink, LinkedGateway, LiveHub } from './types.ts';
