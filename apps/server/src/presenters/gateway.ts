import {
  epochSeconds,
  epochSecondsOrNull,
  type Gateway,
  isGatewayOnline,
  normaliseGatewayOnLoad,
} from '@lightwell/domain';
import type { devices, gatewayDiagnoses, gateways } from '../db/schema.ts';

/** A gateway row. */
export type GatewayRow = typeof gateways.$inferSelect;
/** A gateway's reports refused for a clock ahead: how many, and when the last one came. */
type ClockAhead = Gateway['clockAhead'];

const NO_CLOCK_FAULT: ClockAhead = { count: 0, lastAt: null };

/** A gateway as the console shows it, with the section-4 on-load rule applied. */
export function presentGateway(row: GatewayRow, clockAhead: ClockAhead = NO_CLOCK_FAULT): Gateway {
  const loaded = normaliseGatewayOnLoad(row);
  return {
    id: row.id,
    nid: row.nid,
    sn: row.sn,
    name: row.name,
    gatewayType: row.gatewayType,
    status: loaded.status,
    meshStatus: loaded.meshStatus,
    online: isGatewayOnline(loaded),
    firmware: row.firmware,
    lastSeen: epochSecondsOrNull(row.lastSeenAt),
    createTime: epochSeconds(row.createdAt),
    clockAhead,
  };
}

/** A gateway diagnosis entry as listed. */
export function presentGatewayDiagnosis(row: typeof gatewayDiagnoses.$inferSelect) {
  return {
    id: row.id,
    level: row.level as 'info' | 'warning' | 'error',
    code: row.code,
    message: row.message,
    at: epochSeconds(row.at),
  };
}

/** A real device as its gateway lists it. */
export function presentGatewayDevice(row: typeof devices.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    model: row.model,
    mac: row.mac,
    address: row.address,
    firmwareVersion: row.firmwareVersion,
    hardwareVersion: row.hardwareVersion,
    online: row.online,
    lastSeen: epochSecondsOrNull(row.lastSeenAt),
  };
}
