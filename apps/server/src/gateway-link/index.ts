export { hashGatewaySecret, newGatewaySecret, secretMatches } from './credentials.ts';
export { liveEventsOf, loadDeviceStates } from './device-states.ts';
export { applyReport, type DeviceReport } from './ingest.ts';
export { createGatewayLink } from './link.ts';
