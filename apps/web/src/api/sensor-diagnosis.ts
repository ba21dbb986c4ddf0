import type { CallData, DiagnosisSensorOption, DiagnosisTask } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { allowedPageSize } from './device';
import { useCallMutation } from './project';

/** Query keys of sensor diagnosis tasks, per uid. */
export const diagnosisKeys = {
  all: (uid: number | null) => ['sensorDiagnosis', uid] as const,
  list: (uid: number | null, nid: number, page: number, pageSize: number) =>
    [...diagnosisKeys.all(uid), 'list', nid, page, pageSize] as const,
  detail: (uid: number | null, taskId: number) => [...diagnosisKeys.all(uid), 'detail', taskId] as const,
  sensors: (uid: number | null, nid: number) => [...diagnosisKeys.all(uid), 'sensors', nid] as const,
};

/** How often lists and results follow a task that is still waiting or executing (the server moves it every 5 s). */
const FOLLOW_MS = 5_000;
const isOpen = (task: DiagnosisTask) => task.state === 'waiting' || task.state === 'executing';

/** One page of a network's diagnosis tasks, newest first; an empty list (1050) gives no rows. */
export function useDiagnosisListQuery(nid: number, page: number, pageSize: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: diagnosisKeys.list(uid, nid, page, pageSize),
    queryFn: async (): Promise<{ list: DiagnosisTask[]; total: number }> => {
      const data = await call('diagnosisList', { nid, page, pageSize: allowedPageSize(pageSize) });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some(isOpen) ? FOLLOW_MS : false),
  });
}

/** The real motion sensors of a network a new task may watch (the ones `diagnosisAdd` accepts). */
export function useDiagnosisSensorsQuery(nid: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: diagnosisKeys.sensors(uid, nid),
    queryFn: async (): Promise<DiagnosisSensorOption[]> => (await call('diagnosisSensorOptions', { nid })) ?? [],
    enabled: uid !== null,
  });
}

/** A task with its results per sensor, followed while it runs. */
export function useDiagnosisQuery(taskId: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: diagnosisKeys.detail(uid, taskId ?? 0),
    queryFn: (): Promise<CallData<'diagnosisGet'>> => call('diagnosisGet', { taskId: taskId! }),
    enabled: uid !== null && taskId !== null,
    refetchInterval: (query) => (query.state.data && isOpen(query.state.data.task) ? FOLLOW_MS : false),
  });
}

const afterChange = (uid: number | null) => [diagnosisKeys.all(uid)] as const;

/** Create, cancel and delete; each reloads the task lists and results before it settles. */
export function useDiagnosisMutations() {
  return {
    add: useCallMutation('diagnosisAdd', { invalidates: afterChange }),
    cancel: useCallMutation('diagnosisCancel', { invalidates: afterChange }),
    remove: useCallMutation('diagnosisDelete', { invalidates: afterChange }),
  };
}
