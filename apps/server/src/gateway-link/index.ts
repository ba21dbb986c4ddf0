export { REVOKE_TOPIC } from './connection.ts';
export {
  demoGatewaySecret,
  hashGatewaySecret,
  newGatewaySecret,
  SERVER_MQTT_USER,
  secretMatches,
  serverMqttPassword,
} from './credentials.ts';
export { liveEventsOf, loadDeviceStates } from './device-states.ts';
export { applyReport, type DeviceReport } from './ingest.ts';
export { createGatewayLink, type LinkBundle, type LinkOptions } from './link.ts';
export type { AckEvent, AckHandler, Applied, GatewayLink, LinkedGateway, LiveHub } from './types.ts';
