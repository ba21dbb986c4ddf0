import type { CallData } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { networkKeys } from './network';
import { projectKeys, useCallMutation } from './project';

/** Query keys of schedules and astro timers, per uid and network. */
export const scheduleKeys = {
  all: (uid: number | null) => ['schedule', uid] as const,
  list: (uid: number | null, nid: number) => [...scheduleKeys.all(uid), 'list', nid] as const,
};

/** Schedules and astro timers of a network with the network's location. */
export function useScheduleListQuery(nid: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: scheduleKeys.list(uid, nid),
    queryFn: (): Promise<CallData<'scheduleList'>> => call('scheduleList', { nid }),
    enabled: uid !== null,
    // Manual overrides start and end with commands from anywhere: keep the list near the truth.
    refetchInterval: 15_000,
  });
}

const afterScheduleChange = (uid: number | null) => [scheduleKeys.all(uid)] as const;
// The network's time zone also decides how every page shows its times.
const afterLocationChange = (uid: number | null) =>
  [scheduleKeys.all(uid), projectKeys.info(uid), networkKeys.all(uid)] as const;

/** Schedule and location changes; each reloads the schedule lists before it settles. */
export function useScheduleMutations() {
  return {
    add: useCallMutation('scheduleAdd', { invalidates: afterScheduleChange }),
    update: useCallMutation('scheduleUpdate', { invalidates: afterScheduleChange }),
    enable: useCallMutation('scheduleEnable', { invalidates: afterScheduleChange }),
    remove: useCallMutation('scheduleDelete', { invalidates: afterScheduleChange }),
    location: useCallMutation('networkLocationUpdate', { invalidates: afterLocationChange }),
    resume: useCallMutation('scheduleResume', { invalidates: afterScheduleChange }),
  };
}
