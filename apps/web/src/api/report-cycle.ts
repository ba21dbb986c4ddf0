import {
  Code,
  type IssuedEquipment,
  type RecipientReception,
  type ReportCycleSettings,
  type ReportRunKind,
  type ReportRunRecord,
} from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { isApiError } from './errors';
import { useCallMutation } from './project';
import { reportSetupKeys } from './report-setup';

/** Query keys of report cycles, automatic runs and reception, per uid; public link answers per link. */
export const reportCycleKeys = {
  all: (uid: number | null) => ['reportCycle', uid] as const,
  settings: (uid: number | null, pid: number) => [...reportCycleKeys.all(uid), 'settings', pid] as const,
  runs: (uid: number | null, pid: number, kind: ReportRunKind | null) =>
    [...reportCycleKeys.all(uid), 'runs', pid, kind] as const,
  reception: (uid: number | null, pid: number) => [...reportCycleKeys.all(uid), 'reception', pid] as const,
  view: (link: string) => ['reportCycle', 'view', link] as const,
  equipment: (link: string) => ['reportCycle', 'equipment', link] as const,
  recipientLink: (link: string) => ['reportCycle', 'recipientLink', link] as const,
};

/** What a change of recipients or runs makes stale: these lists, and the header page's recipients. */
const changed = (uid: number | null) => [reportCycleKeys.all(uid), reportSetupKeys.all(uid)];

/** A project's report cycles (every member; `canEdit` for those who may change them). */
export function useReportCyclesQuery(pid: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: reportCycleKeys.settings(uid, pid ?? 0),
    queryFn: (): Promise<ReportCycleSettings> => call('reportCycleAll', { pid: pid ?? 0 }),
    enabled: uid !== null && pid !== null,
  });
}

/** Sets cycles of a project. */
export function useReportCycleUpdateMutation() {
  return useCallMutation('reportCycleUpdate', { invalidates: changed });
}

/** A project's automatic runs, newest first (editors); an empty list (1050) gives []. */
export function useReportRunsQuery(pid: number | null, kind: ReportRunKind | null, enabled: boolean) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: reportCycleKeys.runs(uid, pid ?? 0, kind),
    queryFn: async (): Promise<ReportRunRecord[]> =>
      (await call('reportRunList', { pid: pid ?? 0, ...(kind ? { kind } : {}) })) ?? [],
    enabled: uid !== null && pid !== null && enabled,
  });
}

/** Asks for a restatement of an issued report. */
export function useReportRunRestateMutation() {
  return useCallMutation('reportRunRestate', { invalidates: changed });
}

/** Sends a copy of a delivered report again. */
export function useReportRunResendMutation() {
  return useCallMutation('reportRunResend', { invalidates: changed });
}

/** A project's recipients with their reception (editors); an empty list (1050) gives []. */
export function useReceptionQuery(pid: number | null, enabled: boolean) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: reportCycleKeys.reception(uid, pid ?? 0),
    queryFn: async (): Promise<RecipientReception[]> => (await call('recipientReception', { pid: pid ?? 0 })) ?? [],
    enabled: uid !== null && pid !== null && enabled,
  });
}

/** Pauses, resumes or sets the CSV wish of a recipient. */
export function useRecipientSetMutation() {
  return useCallMutation('recipientSet', { invalidates: changed });
}

/** Removes a recipient. */
export function useRecipientRemoveMutation() {
  return useCallMutation('recipientRemove', { invalidates: changed });
}

/** Sends a pending or expired recipient a new activation link (reloads the reception too). */
export function useActivationResendMutation() {
  return useCallMutation('recipientResend', { invalidates: changed });
}

/**
 * Downloads the exact file an automatic report's mails carried: a signed link (`fileDownloadUrl`, which
 * checks the caller may see the project's runs), fetched by the browser as an attachment.
 */
export async function downloadIssuedFile(fileName: string): Promise<void> {
  const link = await call('fileDownloadUrl', { fileName });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The issued report a signed e-mail link names (public print page); 1065 is shown by the page. */
export function useReportViewQuery(link: string) {
  return useQuery({
    queryKey: reportCycleKeys.view(link),
    queryFn: () => call('reportRunView', { link }),
    enabled: link.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { quietCodes: [Code.linkInvalid, Code.badInput] },
  });
}

/**
 * The equipment statistics issued with a report, from the signed link of its e-mail or web version (public
 * print page); issued figures never change, so they are read once.
 */
export function useIssuedEquipmentQuery(link: string) {
  return useQuery({
    queryKey: reportCycleKeys.equipment(link),
    queryFn: (): Promise<IssuedEquipment> => call('reportRunEquipment', { link }),
    enabled: link.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { quietCodes: [Code.linkInvalid, Code.badInput] },
  });
}

/** Whether the server refused a public link as tampered with, expired or naming nothing (1065, 1001). */
export function isLinkRefusal(error: unknown): boolean {
  return isApiError(error, Code.linkInvalid) || isApiError(error, Code.badInput);
}

/** A recipient's own settings from the signed link of a report e-mail (public page). */
export function useRecipientLinkQuery(link: string) {
  return useQuery({
    queryKey: reportCycleKeys.recipientLink(link),
    queryFn: () => call('recipientLinkInfo', { link }),
    enabled: link.length > 0,
    retry: false,
    meta: { quietCodes: [Code.linkInvalid, Code.badInput] },
  });
}

/** Saves a recipient's own choice (public page). */
export function useRecipientLinkSaveMutation() {
  return useCallMutation('recipientLinkSave', { invalidates: () => [['reportCycle', 'recipientLink']] });
}

/** Unsubscribes a recipient from the link's kind, or every kind (public page). */
export function useRecipientLinkUnsubscribeMutation() {
  return useCallMutation('recipientLinkUnsubscribe', { invalidates: () => [['reportCycle', 'recipientLink']] });
}
