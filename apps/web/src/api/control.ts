import {
  type CallData,
  type CallInput,
  Code,
  isTaskEnded,
  Limits,
  laterTask,
  type TaskDetail,
  type TaskSummary,
} from '@lightwell/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keepLaterTasks, mergeTask, type TaskPageData } from '../features/live/merge';
import { useSession } from '../stores/session';
import { call } from './client';

/** Result codes of refused commands (section 5), reported by the page for exactly 3 seconds. */
export const COMMAND_REFUSAL_RESULT_CODES = [
  Code.noGateway,
  Code.noDeviceSelected,
  Code.gatewayOffline,
  Code.meshOffline,
  Code.gatewayBusy,
  Code.deviceNotOnline,
] as const;

/** Query keys of remote control, per uid: live device states, task pages and single tasks. */
export const controlKeys = {
  all: (uid: number | null) => ['control', uid] as const,
  deviceState: (uid: number | null, nid: number) => [...controlKeys.all(uid), 'deviceState', nid] as const,
  tasks: (uid: number | null, nid: number) => [...controlKeys.all(uid), 'tasks', nid] as const,
  taskPage: (uid: number | null, nid: number, page: number, pageSize: number) =>
    [...controlKeys.tasks(uid, nid), page, pageSize] as const,
  task: (uid: number | null, taskId: number) => [...controlKeys.all(uid), 'task', taskId] as const,
};

/** The reported state of every device of a network (what the plan draws before live events arrive). */
export type DeviceStates = CallData<'deviceStateList'>;

/** Reported device states of a network; live events keep the cached answer current. */
export function useDeviceStateQuery(nid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: controlKeys.deviceState(uid, nid ?? 0),
    queryFn: async (): Promise<DeviceStates> =>
      (await call('deviceStateList', { nid: nid ?? 0 })) ?? ({ devices: [] } as DeviceStates),
    enabled: uid !== null && nid !== null,
  });
}

/** A task with its per-device outcomes; polled as a safety net until it ends (live events update it first). */
export function useTaskQuery(taskId: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: controlKeys.task(uid, taskId ?? 0),
    queryFn: (): Promise<TaskDetail> => call('taskGet', { taskId: taskId ?? 0 }),
    enabled: uid !== null && taskId !== null,
    structuralSharing: (cached, fetched) => {
      const known = cached as TaskDetail | undefined;
      return known && laterTask(known, fetched as TaskDetail) === known ? known : fetched;
    },
    refetchInterval: (query) => (query.state.data && isTaskEnded(query.state.data.status) ? false : 2_000),
  });
}

/** One page of a network's tasks, newest first; none (1050) gives an empty page. */
export function useTaskPageQuery(nid: number | null, page: number, pageSize: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: controlKeys.taskPage(uid, nid ?? 0, page, pageSize),
    queryFn: async () => {
      const size = (Limits.pageSizes as readonly number[]).includes(pageSize)
        ? (pageSize as CallInput<'taskList'>['pageSize'])
        : Limits.defaultPageSize;
      const data = await call('taskList', { nid: nid ?? 0, page, pageSize: size });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null && nid !== null,
    placeholderData: keepPreviousData,
    structuralSharing: (cached, fetched) => keepLaterTasks(cached as TaskPageData | undefined, fetched as TaskPageData),
    // Live events move open tasks on; polling is the safety net for an event that never arrived.
    refetchInterval: (query) => (query.state.data?.list.some((row) => !isTaskEnded(row.status)) ? 3_000 : false),
  });
}

/** Seeds a task's cache with the summary a command answered, so its progress shows at once. */
function useSeedTask() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.uid);
  return (task: TaskSummary) => {
    queryClient.setQueryData<TaskDetail>(controlKeys.task(uid, task.id), (cached) =>
      cached ? mergeTask(cached, task) : { ...task, devices: [] },
    );
    return queryClient.invalidateQueries({ queryKey: controlKeys.tasks(uid, task.nid) });
  };
}

const refusalMeta = { quietCodes: COMMAND_REFUSAL_RESULT_CODES };

/** Switch, dim or tune devices, zones, groups or the whole network; answers the task. */
export function useControlLightMutation() {
  const seed = useSeedTask();
  return useMutation<TaskSummary, Error, CallInput<'controlLight'>>({
    mutationFn: (input) => call('controlLight', input),
    onSuccess: (task) => seed(task),
    meta: refusalMeta,
  });
}

/** Recall a scene; answers the task. */
export function useControlSceneMutation() {
  const seed = useSeedTask();
  return useMutation<TaskSummary, Error, CallInput<'controlScene'>>({
    mutationFn: (input) => call('controlScene', input),
    onSuccess: (task) => seed(task),
    meta: refusalMeta,
  });
}

/** Switch every network of a project: one task per network, and the networks skipped with their code. */
export function useControlProjectMutation() {
  const seed = useSeedTask();
  return useMutation<CallData<'controlProject'>, Error, CallInput<'controlProject'>>({
    mutationFn: (input) => call('controlProject', input),
    onSuccess: (result) => Promise.all(result.tasks.map(seed)),
  });
}

/** Cancel a waiting or executing task; 1083 when it has ended meanwhile. */
export function useTaskCancelMutation() {
  const seed = useSeedTask();
  return useMutation<TaskSummary, Error, CallInput<'taskCancel'>>({
    mutationFn: (input) => call('taskCancel', input),
    onSuccess: (task) => seed(task),
  });
}
