import type { BackupSummary } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { deviceKeys } from './device';
import { groupKeys } from './group';
import { profileKeys } from './profile';
import { useCallMutation } from './project';
import { sceneKeys } from './scene';
import { scheduleKeys } from './schedule';
import { afterMapChange } from './zone';

/** Query keys of a network's backups, per uid. */
const backupKeys = {
  all: (uid: number | null) => ['backup', uid] as const,
  list: (uid: number | null, nid: number) => [...backupKeys.all(uid), 'list', nid] as const,
  view: (uid: number | null, backupId: number) => [...backupKeys.all(uid), 'view', backupId] as const,
};

/** Backups of a network, newest first; none gives []. Only fetched while `enabled` (the drawer is open). */
export function useBackupListQuery(nid: number, enabled: boolean) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: backupKeys.list(uid, nid),
    queryFn: async (): Promise<BackupSummary[]> => (await call('backupList', { nid })) ?? [],
    enabled: uid !== null && enabled,
    staleTime: 0,
  });
}

/**
 * One backup: what it holds per part, how the network differs from it now and what a restore would
 * skip; always fetched fresh.
 */
export function useBackupViewQuery(backupId: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: backupKeys.view(uid, backupId ?? 0),
    queryFn: () => call('backupView', { backupId: backupId ?? 0 }),
    enabled: uid !== null && backupId !== null,
    staleTime: 0,
  });
}

/** Take a backup of a network (optional name). */
export function useBackupAddMutation() {
  return useCallMutation('backupAdd', { invalidates: (uid) => [backupKeys.all(uid)] });
}

/** Delete a backup. */
export function useBackupDeleteMutation() {
  return useCallMutation('backupDelete', { invalidates: (uid) => [backupKeys.all(uid)] });
}

/**
 * Restore a backup into network `nid`: its map, settings, devices, groups, scenes, schedules, applied
 * profiles and the backups' differences reload. Answers what the restore skipped.
 */
export function useBackupRestoreMutation(nid: number) {
  return useCallMutation('backupRestore', {
    invalidates: (uid) => [
      ...afterMapChange(uid, nid),
      backupKeys.all(uid),
      deviceKeys.all(uid),
      groupKeys.all(uid),
      sceneKeys.all(uid),
      scheduleKeys.all(uid),
      profileKeys.all(uid),
    ],
  });
}
