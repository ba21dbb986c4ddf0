import { isLiveEvent, type LiveEvent, type TaskDetail } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { controlKeys, type DeviceStates } from '../../api/control';
import { deviceKeys } from '../../api/device';
import { type GatewayRow, gatewayKeys } from '../../api/gateway';
import { zoneKeys } from '../../api/zone';
import { mergeDeviceStates, mergeGateway, mergeTask, mergeTaskIntoPage, type TaskPageData } from './merge';

/**
 * Reads one event of the live stream: the parsed event, or null when it is not valid JSON or not a
 * LiveEvent (checked with `isLiveEvent`, the schema's rules without zod).
 */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return isLiveEvent(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Queries that show what a network holds: reloaded on an 'inventory' event and after a reconnect. */
export function invalidateNetworkState(queryClient: QueryClient, uid: number | null, nid: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: controlKeys.deviceState(uid, nid) }),
    queryClient.invalidateQueries({ queryKey: controlKeys.tasks(uid, nid) }),
    queryClient.invalidateQueries({ queryKey: gatewayKeys.list(uid, nid) }),
    queryClient.invalidateQueries({ queryKey: zoneKeys.map(uid, nid) }),
    queryClient.invalidateQueries({ queryKey: deviceKeys.all(uid) }),
  ]);
}

function applyTask(queryClient: QueryClient, uid: number | null, event: Extract<LiveEvent, { type: 'task' }>) {
  queryClient.setQueryData<TaskDetail>(controlKeys.task(uid, event.task.id), (cached) => mergeTask(cached, event.task));
  let listed = false;
  for (const [key, page] of queryClient.getQueriesData<TaskPageData>({ queryKey: controlKeys.tasks(uid, event.nid) })) {
    const merged = mergeTaskIntoPage(page, event.task);
    if (!merged) continue;
    listed = true;
    queryClient.setQueryData(key, merged);
  }
  // A task no cached page holds is new: reload the pages so it appears.
  if (!listed) void queryClient.invalidateQueries({ queryKey: controlKeys.tasks(uid, event.nid) });
}

/**
 * Applies one live event of network `nid` to the query cache: 'devices' merges into `deviceStateList`,
 * 'gateway' into `gatewayList`, 'task' into the task and its list pages, 'inventory' reloads the
 * network's lists. Events of another network, and malformed events, change nothing.
 */
export function applyLiveEvent(queryClient: QueryClient, uid: number | null, nid: number, event: LiveEvent): void {
  if (event.nid !== nid) return;
  switch (event.type) {
    case 'devices':
      queryClient.setQueryData<DeviceStates>(controlKeys.deviceState(uid, nid), (data) =>
        mergeDeviceStates(data, event),
      );
      return;
    case 'gateway':
      queryClient.setQueryData<readonly GatewayRow[]>(gatewayKeys.list(uid, nid), (list) => mergeGateway(list, event));
      return;
    case 'task':
      applyTask(queryClient, uid, event);
      return;
    case 'inventory':
      void invalidateNetworkState(queryClient, uid, nid);
  }
}
