import type { EmergencyElement, Fault, FaultEntry, TestRecord } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { gatewayKeys } from '../api/gateway';
import { groupKeys } from '../api/group';
import { projectKeys } from '../api/project';
import { zoneKeys } from '../api/zone';
import { useSession } from '../stores/session';
import { testUser } from './render-app';

/** The network of the emergency page tests and its zone. */
export const NID = 9;
export const ZONE = 'Europe/Berlin';

/** 1 March 2026 12:00 UTC (13:00 in Berlin). */
export const AT = Date.UTC(2026, 2, 1, 12, 0) / 1000;

/** Makes network {@link NID} current with its zone, abilities, zones, groups and an online gateway. */
export function seedNetwork(client: QueryClient, canAct: boolean) {
  useSession.getState().setProject(2, 'Demo');
  useSession.getState().setNetwork(NID, 'Demo office');
  client.setQueryData(projectKeys.info(testUser.uid), [
    { id: 2, name: 'Demo', isDefault: true, networks: [{ id: NID, name: 'Demo office', timeZone: ZONE }] },
  ]);
  client.setQueryData(zoneKeys.network(testUser.uid, NID), {
    name: 'Demo office',
    abilities: { edit: canAct },
  } as never);
  client.setQueryData(zoneKeys.map(testUser.uid, NID), {
    zones: [{ id: 31, nid: NID, name: 'Stairwell' }],
    nodes: [],
  } as never);
  client.setQueryData(groupKeys.list(testUser.uid, NID), []);
  client.setQueryData(gatewayKeys.list(testUser.uid, NID), [
    {
      id: 4,
      nid: NID,
      sn: 'gw-4',
      name: 'Gateway',
      gatewayType: 3,
      status: 2,
      meshStatus: 1,
      online: true,
      firmware: '1.0',
      lastSeen: null,
      createTime: 0,
    },
  ]);
}

/** An emergency fitting with every field filled the plain way; `changes` override. */
export function buildElement(changes: Partial<EmergencyElement> = {}): EmergencyElement {
  return {
    deviceId: 101,
    name: 'Exit sign 1',
    mac: 'AA:BB:CC:00:00:01',
    zoneId: 31,
    zoneName: 'Stairwell',
    emergencyType: 1,
    online: true,
    mode: 0,
    batteryPercent: 100,
    mainsPresent: true,
    statusBits: 8,
    status: ['batteryFull'],
    failureBits: 0,
    failures: [],
    ratedMinutes: 180,
    lastFunction: {
      recordId: 1,
      grade: 'passed',
      at: AT,
      achievedMinutes: null,
      ratedMinutes: null,
      partial: false,
      reasons: [],
    },
    lastDuration: null,
    nextCheck: null,
    reducedCoverUntil: null,
    inhibitUntil: null,
    inhibitLapsed: false,
    testPending: null,
    testRunning: null,
    openFaults: 0,
    overdue: false,
    overdueKinds: [],
    lastReport: AT,
    ...changes,
  };
}

/** A test record; `changes` override. */
export function buildRecord(changes: Partial<TestRecord> = {}): TestRecord {
  return {
    id: 1,
    nid: NID,
    networkName: 'Demo office',
    deviceId: 101,
    fittingName: 'Exit sign 1',
    mac: 'AA:BB:CC:00:00:01',
    location: null,
    zoneName: 'Stairwell',
    kind: 'function',
    windowKind: 'monthly',
    windowStart: AT - 86_400,
    windowEnd: AT + 86_400,
    startSource: 'schedule',
    scheduleId: 1,
    taskId: null,
    requestedAt: null,
    startedAt: AT,
    endedAt: AT + 60,
    grade: 'passed',
    failureBits: 0,
    reasons: [],
    achievedMinutes: null,
    ratedMinutes: null,
    partial: false,
    stoppedBy: null,
    stoppedAt: null,
    retestBooked: false,
    correctsId: null,
    remark: '',
    timeZone: ZONE,
    createTime: AT + 60,
    ...changes,
  };
}

/** A workflow entry of `kind`. */
export function buildEntry(kind: FaultEntry['kind'], changes: Partial<FaultEntry> = {}): FaultEntry {
  return {
    id: 1,
    kind,
    at: AT,
    person: 'Jane Doe',
    remark: '',
    by: { uid: testUser.uid, name: testUser.name },
    testRecordId: null,
    grade: null,
    correctsId: null,
    createTime: AT,
    ...changes,
  };
}

/** An open fault of a failed duration test; `changes` override. */
export function buildFault(changes: Partial<Fault> = {}): Fault {
  return {
    id: 70,
    nid: NID,
    networkName: 'Demo office',
    deviceId: 101,
    fittingName: 'Exit sign 1',
    mac: 'AA:BB:CC:00:00:01',
    location: null,
    zoneName: 'Stairwell',
    emergencyType: 1,
    failureBits: 130,
    reasons: ['batteryDuration', 'durationTestFailed'],
    advice: [
      {
        failure: 'batteryDuration',
        cause: 'The battery did not last the rated duration.',
        advice: 'Check that the fitting had 24 hours of unbroken charge.',
      },
    ],
    testRecordId: 5,
    state: 'open',
    openedAt: AT,
    closedAt: null,
    safeguard: null,
    rectify: null,
    verify: null,
    confirmState: 'toBeConfirmed',
    confirm: null,
    retest: null,
    entries: [buildEntry('opened')],
    timeZone: ZONE,
    ...changes,
  };
}
