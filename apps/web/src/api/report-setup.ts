import { Code, type Recipient, type ReportSetup } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { useCallMutation } from './project';

/** Query keys of projects' header settings and e-mail recipients, per uid. */
export const reportSetupKeys = {
  all: (uid: number | null) => ['reportSetup', uid] as const,
  setup: (uid: number | null, pid: number) => [...reportSetupKeys.all(uid), 'setup', pid] as const,
  recipients: (uid: number | null, pid: number) => [...reportSetupKeys.all(uid), 'recipients', pid] as const,
  activation: (link: string) => ['reportSetup', 'activation', link] as const,
};

/** The header settings of a project the user belongs to. */
export function useReportSetupQuery(pid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: reportSetupKeys.setup(uid, pid ?? 0),
    queryFn: (): Promise<ReportSetup> => call('reportSetupAll', { pid: pid ?? 0 }),
    enabled: uid !== null && pid !== null,
  });
}

/** A project's e-mail recipients (only for those who may edit them); an empty list (1050) gives []. */
export function useRecipientsQuery(pid: number | null, enabled: boolean) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: reportSetupKeys.recipients(uid, pid ?? 0),
    queryFn: async (): Promise<Recipient[]> => (await call('recipientAll', { pid: pid ?? 0 })) ?? [],
    enabled: uid !== null && pid !== null && enabled,
  });
}

/** Changes the header text fields. */
export function useReportSetupUpdateMutation() {
  return useCallMutation('reportSetupUpdate', { invalidates: (uid) => [reportSetupKeys.all(uid)] });
}

/** Sets or removes one of the two logos. */
export function useReportSetupLogoMutation() {
  return useCallMutation('reportSetupLogo', { invalidates: (uid) => [reportSetupKeys.all(uid)] });
}

/** Replaces the recipient list (new addresses get an activation e-mail). */
export function useRecipientUpdateMutation() {
  return useCallMutation('recipientUpdate', { invalidates: (uid) => [reportSetupKeys.all(uid)] });
}

/** Sends a pending or expired recipient a new activation link. */
export function useRecipientResendMutation() {
  return useCallMutation('recipientResend', { invalidates: (uid) => [reportSetupKeys.all(uid)] });
}

/** Opens an activation link once (public page); the answer says successful, expired or failed. */
export function useRecipientActivationQuery(link: string) {
  return useQuery({
    queryKey: reportSetupKeys.activation(link),
    queryFn: () => call('recipientActivate', { link }),
    enabled: link.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { quietCodes: [Code.badInput] },
  });
}
