import type { LiveEvent, TaskSummary } from './live.ts';

// The browser reads every live event (several a second on a busy plan) with this check instead of
// `LiveEventSchema`: the same rules written out, so the plan page does not load zod for it. A test
// holds the two together.

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isIntOrNull = (value: unknown) => value === null || isInt(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isElement(value: unknown): boolean {
  return (
    isRecord(value) &&
    isInt(value.index) &&
    isInt(value.type) &&
    isInt(value.onOff) &&
    isFiniteNumber(value.lightness) &&
    isIntOrNull(value.cct) &&
    isInt(value.status) &&
    (value.isLinear === undefined || typeof value.isLinear === 'boolean')
  );
}

function isDevice(value: unknown): boolean {
  return (
    isRecord(value) &&
    isInt(value.id) &&
    typeof value.online === 'boolean' &&
    Array.isArray(value.elements) &&
    value.elements.every(isElement) &&
    (value.fault === undefined || typeof value.fault === 'boolean')
  );
}

function isGateway(value: unknown): boolean {
  return (
    isRecord(value) && isInt(value.id) && isInt(value.status) && isInt(value.meshStatus) && isIntOrNull(value.lastSeen)
  );
}

/** A task summary (`TaskSummarySchema`): status one of the section-4 states 0–6. */
export function isTaskSummary(value: unknown): value is TaskSummary {
  return (
    isRecord(value) &&
    isInt(value.id) &&
    isInt(value.nid) &&
    isInt(value.gatewayId) &&
    isInt(value.status) &&
    value.status >= 0 &&
    value.status <= 6 &&
    typeof value.targetKind === 'string' &&
    isIntOrNull(value.targetId) &&
    isInt(value.total) &&
    isInt(value.executed) &&
    isInt(value.failed) &&
    isRecord(value.failures) &&
    Object.values(value.failures).every(isInt) &&
    isInt(value.createTime) &&
    isIntOrNull(value.endTime)
  );
}

/** True when `value` is a live event as `LiveEventSchema` accepts it (fields beyond the schema's are ignored). */
export function isLiveEvent(value: unknown): value is LiveEvent {
  if (!isRecord(value) || !isInt(value.nid)) return false;
  switch (value.type) {
    case 'devices':
      return Array.isArray(value.devices) && value.devices.every(isDevice);
    case 'gateway':
      return isGateway(value.gateway);
    case 'task':
      return isTaskSummary(value.task);
    case 'inventory':
      return true;
    default:
      return false;
  }
}
