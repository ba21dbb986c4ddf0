import { type CallData, type CallInput, type CallName, Code } from '@lightwell/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import type { CallMeta } from './query-client';

/** Query keys of the signed-in user, per uid so accounts never share cached data. */
export const userKeys = {
  all: ['user'] as const,
  info: (uid: number | null) => [...userKeys.all, uid, 'info'] as const,
};

function useCallMutation<N extends CallName>(name: N, meta?: CallMeta) {
  return useMutation<CallData<N>, Error, CallInput<N>>({
    mutationFn: (input) => call(name, input),
    ...(meta ? { meta } : {}),
  });
}

/**
 * Sign in (1017 unknown account, 1018 wrong password, 1019 throttled). The page shows 1017 and 1018 on
 * the field they concern, so no toast is shown for them.
 */
export function useLoginMutation() {
  return useCallMutation('login', { quietCodes: [Code.unknownAccount, Code.wrongPassword] });
}

/** E-mail a registration code. */
export function useRegisterCodeMutation() {
  return useCallMutation('registerCode');
}

/** Create the account with the e-mailed code. */
export function useRegisterMutation() {
  return useCallMutation('register');
}

/** E-mail a password reset code. */
export function usePasswordCodeMutation() {
  return useCallMutation('passwordCode');
}

/** Set a new password with the e-mailed code. */
export function usePasswordResetMutation() {
  return useCallMutation('passwordReset');
}

/** Change language, time format or page size. */
export function useUpdateSettingMutation() {
  return useCallMutation('updateSetting');
}

/** Change the password (ends every session). */
export function useUpdatePasswordMutation() {
  return useCallMutation('updatePassword');
}

/** Change the user name. */
export function useNameUpdateMutation() {
  return useCallMutation('nameUpdate');
}

/** Check the current password before an e-mail change; a wrong one (1054) is shown on the field. */
export function usePasswordCheckMutation() {
  return useCallMutation('passwordCheck', { quietCodes: [Code.checkFailed] });
}

/** E-mail a code to the new address. */
export function useEmailCodeMutation() {
  return useCallMutation('emailCode');
}

/** Change the e-mail address with the code sent to it. */
export function useEmailUpdateMutation() {
  return useCallMutation('emailUpdate');
}

/** The signed-in user, fresh from the server; the stored session follows it. */
export function useUserInfoQuery() {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: userKeys.info(uid),
    queryFn: async () => {
      const user = await call('userInfo', {});
      useSession.getState().updateUser(user);
      return user;
    },
    enabled: uid !== null,
  });
}

/** Ends the session on the server; sent without waiting, its answer does not matter (section 4). */
export function sendLogout(): Promise<unknown> {
  return call('logout', {}).catch(() => undefined);
}
