import type { CallData, CallInput } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { useCallMutation } from './project';

/** Query keys of emergency lighting, per uid and network. */
const emergencyKeys = {
  all: (uid: number | null) => ['emergency', uid] as const,
  network: (uid: number | null, nid: number) => [...emergencyKeys.all(uid), nid] as const,
  elements: (uid: number | null, nid: number, query: object) =>
    [...emergencyKeys.network(uid, nid), 'elements', query] as const,
  schedules: (uid: number | null, nid: number) => [...emergencyKeys.network(uid, nid), 'schedules'] as const,
  report: (uid: number | null, nid: number, year: number) =>
    [...emergencyKeys.network(uid, nid), 'scheduleReport', year] as const,
  tests: (uid: number | null, nid: number, query: object) =>
    [...emergencyKeys.network(uid, nid), 'tests', query] as const,
  modes: (uid: number | null, nid: number, query: object) =>
    [...emergencyKeys.network(uid, nid), 'modes', query] as const,
  faults: (uid: number | null, nid: number, query: object) =>
    [...emergencyKeys.network(uid, nid), 'faults', query] as const,
  printout: (uid: number | null, query: object) => [...emergencyKeys.all(uid), 'printout', query] as const,
  /** Overdue summary of all the caller's networks (home), or of one network (its overview). */
  overdue: (uid: number | null, nid?: number) =>
    nid === undefined
      ? ([...emergencyKeys.all(uid), 'overdue'] as const)
      : ([...emergencyKeys.network(uid, nid), 'overdue'] as const),
  publicLink: (kind: 'fault' | 'report', link: string) => ['emergency-link', kind, link] as const,
};

/** The page shown and the user's page size. */
export interface Paging {
  page: number;
  pageSize: NonNullable<CallInput<'emergencyTestLog'>['pageSize']>;
}
/** Element list query: everything but the network. */
export type ElementQuery = Omit<CallInput<'emergencyElementList'>, 'nid' | 'page' | 'pageSize'> & Paging;
/** Test log query: everything but the network. */
export type TestLogQuery = Omit<CallInput<'emergencyTestLog'>, 'nid' | 'page' | 'pageSize'> & Paging;
/** Mode log query: everything but the network. */
export type ModeLogQuery = Omit<CallInput<'emergencyModeLog'>, 'nid' | 'page' | 'pageSize'> & Paging;
/** Fault log query: everything but the network. */
export type FaultLogQuery = Omit<CallInput<'emergencyFaultLog'>, 'nid' | 'page' | 'pageSize'> & Paging;

const emptyPage = <T>(pageSize: number) => ({ list: [] as T[], total: 0, page: 1, pageSize });

/** Emergency fittings of a network with state, results, next check; refreshed while tests run. */
export function useEmergencyElementsQuery(nid: number, query: ElementQuery) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.elements(uid, nid, query),
    queryFn: async (): Promise<CallData<'emergencyElementList'>> =>
      (await call('emergencyElementList', { nid, ...query })) ?? { ...emptyPage(query.pageSize), timeZone: '' },
    enabled: uid !== null,
    placeholderData: keepPreviousData,
    // Fittings report mode and battery on their own; a test or an inhibit changes them within minutes.
    refetchInterval: 15_000,
  });
}

/** Self-test schedules of a network and its time zone; none gives an empty list. */
export function useEmergencySchedulesQuery(nid: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.schedules(uid, nid),
    queryFn: async (): Promise<CallData<'emergencyScheduleList'>> =>
      (await call('emergencyScheduleList', { nid })) ?? { timeZone: '', list: [] },
    enabled: uid !== null,
  });
}

/** Fitting × month grades of a year; null when the network has no fitting. */
export function useScheduleReportQuery(nid: number, year: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.report(uid, nid, year),
    queryFn: async () => (await call('emergencyScheduleReport', { nid, year })) ?? null,
    enabled: uid !== null,
    placeholderData: keepPreviousData,
  });
}

/** One page of self-test records, newest first. */
export function useTestLogQuery(nid: number, query: TestLogQuery) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.tests(uid, nid, query),
    queryFn: async (): Promise<CallData<'emergencyTestLog'>> =>
      (await call('emergencyTestLog', { nid, ...query })) ?? emptyPage(query.pageSize),
    enabled: uid !== null,
    placeholderData: keepPreviousData,
    // Tests end, grades and faults arrive from the fittings on their own.
    refetchInterval: 15_000,
  });
}

/** One page of mode changes, newest first. */
export function useModeLogQuery(nid: number, query: ModeLogQuery) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.modes(uid, nid, query),
    queryFn: async (): Promise<CallData<'emergencyModeLog'>> =>
      (await call('emergencyModeLog', { nid, ...query })) ?? emptyPage(query.pageSize),
    enabled: uid !== null,
    placeholderData: keepPreviousData,
    // Tests end, grades and faults arrive from the fittings on their own.
    refetchInterval: 15_000,
  });
}

/** One page of faults with their workflow, newest first. */
export function useFaultLogQuery(nid: number, query: FaultLogQuery) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.faults(uid, nid, query),
    queryFn: async (): Promise<CallData<'emergencyFaultLog'>> =>
      (await call('emergencyFaultLog', { nid, ...query })) ?? emptyPage(query.pageSize),
    enabled: uid !== null,
    placeholderData: keepPreviousData,
    // Tests end, grades and faults arrive from the fittings on their own.
    refetchInterval: 15_000,
  });
}

/** Overdue, failed and open-fault figures of emergency fittings, per network and in total. */
export type OverdueSummary = CallData<'emergencyOverdueSummary'>;
/** The figures of {@link OverdueSummary} without the network: one network's, a project's or the totals. */
export type OverdueFigures = OverdueSummary['totals'];

/**
 * Overdue, failed and open-fault figures: without `nid` one call for all the caller's networks (home,
 * summed per project there), with it the one network (its overview). Networks without a fitting are
 * not listed.
 */
export function useOverdueSummaryQuery(nid?: number) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.overdue(uid, nid),
    queryFn: () => call('emergencyOverdueSummary', nid === undefined ? {} : { nid }),
    enabled: uid !== null,
    // Tests fall due by the calendar and faults arrive on their own: a page left open stays current.
    refetchInterval: 5 * 60_000,
  });
}

/** The data of one printout (print routes). */
export function useEmergencyPrintoutQuery(input: CallInput<'emergencyReport'> | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: emergencyKeys.printout(uid, input ?? {}),
    queryFn: () => call('emergencyReport', input as CallInput<'emergencyReport'>),
    enabled: uid !== null && input !== null,
  });
}

/** A fault reached through a signed e-mail link (no session). */
export function usePublicFaultQuery(link: string) {
  return useQuery({
    queryKey: emergencyKeys.publicLink('fault', link),
    queryFn: () => call('emergencyPublicFault', { link }),
    enabled: link.length > 0,
    retry: false,
  });
}

/** A self-test and fault report reached through a signed e-mail link (no session). */
export function usePublicReportQuery(link: string) {
  return useQuery({
    queryKey: emergencyKeys.publicLink('report', link),
    queryFn: () => call('emergencyPublicReport', { link }),
    enabled: link.length > 0,
    retry: false,
  });
}

const afterEmergencyChange = (uid: number | null) => [emergencyKeys.all(uid)] as const;
const quietFaultCodes = { meta: { quietCodes: [1100, 1101, 1102, 1103, 1104] } };

/** Preview of an action: what its confirmation says (no change); 1071 when the target holds no fitting. */
export function useActionPreviewQuery(input: CallInput<'emergencyActionPreview'>) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: [...emergencyKeys.network(uid, input.nid), 'preview', input] as const,
    queryFn: () => call('emergencyActionPreview', input),
    enabled: uid !== null,
    retry: false,
    meta: { quietCodes: [1071] },
  });
}

/** Emergency actions, schedules, the fault workflow and corrections; each reloads the emergency lists. */
export function useEmergencyMutations() {
  return {
    action: useCallMutation('emergencyAction', { invalidates: afterEmergencyChange }),
    retestFailed: useCallMutation('emergencyRetestFailed', { invalidates: afterEmergencyChange }),
    scheduleAdd: useCallMutation('emergencyScheduleAdd', { invalidates: afterEmergencyChange }),
    scheduleUpdate: useCallMutation('emergencyScheduleUpdate', { invalidates: afterEmergencyChange }),
    scheduleDelete: useCallMutation('emergencyScheduleDelete', { invalidates: afterEmergencyChange }),
    faultStep: useCallMutation('emergencyFaultStep', { invalidates: afterEmergencyChange, ...quietFaultCodes }),
    faultConfirm: useCallMutation('emergencyFaultConfirm', { invalidates: afterEmergencyChange, ...quietFaultCodes }),
    faultConfirmUpdate: useCallMutation('emergencyFaultConfirmUpdate', {
      invalidates: afterEmergencyChange,
      ...quietFaultCodes,
    }),
    testCorrect: useCallMutation('emergencyTestCorrect', { invalidates: afterEmergencyChange }),
  };
}

/** Fetches the record export of a network and period (PDF or CSV) as a file. */
export async function fetchRecordExport(input: CallInput<'emergencyRecordExport'>): Promise<Blob & { name: string }> {
  const file = await call('emergencyRecordExport', input);
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
  return Object.assign(new Blob([bytes], { type: file.contentType }), { name: file.fileName });
}
