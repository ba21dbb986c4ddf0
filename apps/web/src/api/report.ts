import type { CallInput, DeviceReport, ReportJob, ReportKind } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { useCallMutation } from './project';

/** Query keys of report downloads, per uid. */
export const reportKeys = {
  all: (uid: number | null) => ['report', uid] as const,
  list: (uid: number | null, pid: number, kind: ReportKind) => [...reportKeys.all(uid), 'list', pid, kind] as const,
  print: (uid: number | null, query: object) => [...reportKeys.all(uid), 'print', query] as const,
};

/** How often the list is read again while one of its reports is still being built. */
const REPORT_POLL_MS = 2_000;

/** Whether a report is still being built (queued or running). */
const isPending = (job: Pick<ReportJob, 'state'>) => job.state === 'queued' || job.state === 'running';

/**
 * A project's kept reports of one kind, newest first; read again every two seconds while one is queued or
 * running, so its progress shows and it turns ready without a reload (and after leaving and coming back).
 */
export function useReportListQuery(pid: number | null, kind: ReportKind) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: reportKeys.list(uid, pid ?? 0, kind),
    queryFn: async (): Promise<ReportJob[]> => (await call('reportList', { pid: pid ?? 0, kind })) ?? [],
    enabled: uid !== null && pid !== null,
    refetchInterval: (query) => ((query.state.data ?? []).some(isPending) ? REPORT_POLL_MS : false),
    placeholderData: keepPreviousData,
  });
}

/** Asks for a project report (2-3); the list is read again. */
export function useProjectReportMutation() {
  return useCallMutation('reportProjectCreate', { invalidates: (uid) => [reportKeys.all(uid)] });
}

/** Asks for a device report (2-4); the list is read again. */
export function useDeviceReportMutation() {
  return useCallMutation('reportDeviceCreate', { invalidates: (uid) => [reportKeys.all(uid)] });
}

/** The figures of the device report printout (`/report/device/pdf`); disabled without a query. */
export function useDeviceReportPrintQuery(query: CallInput<'reportDevicePrint'> | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: reportKeys.print(uid, query ?? {}),
    queryFn: (): Promise<DeviceReport> => call('reportDevicePrint', query!),
    enabled: uid !== null && query !== null,
  });
}

/**
 * Downloads a finished report: asks for a signed link of its file (`fileDownloadUrl`, which checks the
 * caller's roles on its networks again) and lets the browser fetch it as an attachment.
 */
export async function downloadReport(fileName: string): Promise<void> {
  const link = await call('fileDownloadUrl', { fileName });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
