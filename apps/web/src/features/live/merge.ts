import {
  isGatewayOnline,
  type LiveEvent,
  laterTask,
  normaliseGatewayOnLoad,
  type TaskSummary,
} from '@lightwell/domain';

type DevicesEvent = Extract<LiveEvent, { type: 'devices' }>;
type GatewayEvent = Extract<LiveEvent, { type: 'gateway' }>;

/** One element's live state (light level, colour temperature, status). */
export type LiveElement = DevicesEvent['devices'][number]['elements'][number];

/** A device's live state as `deviceStateList` answers it: the plan nodes it stands behind, online, elements. */
export interface DeviceStateRow {
  id: number;
  nodeIds: readonly number[];
  online: boolean;
  elements: readonly LiveElement[];
  /** Whether the console counts it faulty; a live event carries it again. */
  fault?: boolean;
}

/** The cached answer of `deviceStateList`. */
export interface DeviceStateData {
  devices: readonly DeviceStateRow[];
}

/** A gateway of `gatewayList` as far as live events change it. */
export interface LiveGatewayRow {
  id: number;
  gatewayType: number;
  status: number;
  meshStatus: number;
  online: boolean;
  lastSeen: number | null;
}

/** A page of tasks as `taskList` answers it. */
export interface TaskPageData<T extends TaskSummary = TaskSummary> {
  total: number;
  list: readonly T[];
}

/**
 * Merges a 'devices' event into the cached device states: each reported device takes the event's
 * online flag, and each reported element replaces the cached element of the same index. Devices the
 * cache does not know are left out (an 'inventory' event reloads the list).
 */
export function mergeDeviceStates<D extends DeviceStateData>(data: D | undefined, event: DevicesEvent): D | undefined {
  if (!data) return data;
  const updates = new Map(event.devices.map((device) => [device.id, device]));
  let changed = false;
  const devices = data.devices.map((device) => {
    const update = updates.get(device.id);
    if (!update) return device;
    changed = true;
    const elements = new Map(device.elements.map((element) => [element.index, element]));
    for (const element of update.elements) elements.set(element.index, element);
    return {
      ...device,
      online: update.online,
      elements: [...elements.values()].sort((a, b) => a.index - b.index),
      ...(update.fault === undefined ? {} : { fault: update.fault }),
    };
  });
  return changed ? { ...data, devices } : data;
}

/**
 * Merges a 'gateway' event into a cached gateway list: status, mesh status and last seen, with the
 * section-4 on-load rule and online rule applied again.
 */
export function mergeGateway<G extends LiveGatewayRow>(
  list: readonly G[] | undefined,
  event: GatewayEvent,
): readonly G[] | undefined {
  if (!list?.some((gateway) => gateway.id === event.gateway.id)) return list;
  return list.map((gateway) => {
    if (gateway.id !== event.gateway.id) return gateway;
    const next = normaliseGatewayOnLoad({
      ...gateway,
      status: event.gateway.status,
      meshStatus: event.gateway.meshStatus,
      lastSeen: event.gateway.lastSeen,
    });
    return { ...next, online: isGatewayOnline(next) };
  });
}

/** Replaces the summary fields of a cached task (its per-device rows stay), unless the cache is further along. */
export function mergeTask<T extends TaskSummary>(cached: T | undefined, task: TaskSummary): T | undefined {
  return cached && cached.id === task.id ? { ...cached, ...laterTask<TaskSummary>(cached, task) } : cached;
}

/** Replaces a task's row in a cached page of tasks; undefined when the page does not hold it. */
export function mergeTaskIntoPage<P extends TaskPageData>(page: P | undefined, task: TaskSummary): P | undefined {
  if (!page?.list.some((row) => row.id === task.id)) return undefined;
  return {
    ...page,
    list: page.list.map((row) => (row.id === task.id ? { ...row, ...laterTask<TaskSummary>(row, task) } : row)),
  };
}

/**
 * A fetched page of tasks with each row that the cache already knows further along kept from the cache:
 * a list requested before a live event but answered after it must not put a task back a step.
 */
export function keepLaterTasks<P extends TaskPageData>(cached: P | undefined, fetched: P): P {
  if (!cached) return fetched;
  const known = new Map(cached.list.map((row) => [row.id, row]));
  let kept = false;
  const list = fetched.list.map((row) => {
    const before = known.get(row.id);
    if (!before || laterTask<TaskSummary>(before, row) === row) return row;
    kept = true;
    return before;
  });
  return kept ? { ...fetched, list } : fetched;
}
