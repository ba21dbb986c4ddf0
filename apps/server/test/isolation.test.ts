import { type CallName, Code, calls, defaultProfileSettings } from '@lightwell/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  auditEvents,
  backups,
  devices,
  displayTokens,
  emergencyFaultEntries,
  emergencyFaults,
  emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  files,
  gateways,
  groups,
  networks,
  networkUsers,
  nodes,
  projectRecipients,
  projectReportSetups,
  projects,
  projectUsers,
  recipientPreferences,
  reportCycleSettings,
  reportJobs,
  reportRuns,
  scenes,
  schedules,
  sensorDiagnoses,
  tariffVersions,
  tasks,
  viewStates,
  zones,
} from '../src/db/schema.ts';
import { signEmergencyLink } from '../src/services/emergency/links.ts';
import { equipmentViewToken } from '../src/services/report-cycles/links.ts';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from './helpers.ts';
import { buildEmergencyRecord, forgedEmergencyLink } from './support/emergency-record.ts';

/** Ids of things inside the target network: a zone, a node, a backup and its floor-plan file. */
interface InnerIds {
  zid: number;
  nodeId: number;
  backupId: number;
  fileName: string;
  /** A virtual device of the network. */
  deviceId: number;
  /** A scene and a command task of the network. */
  sceneId: number;
  taskId: number;
  /** A gateway of the network. */
  gatewayId: number;
  /** A group and a schedule of the network. */
  groupId: number;
  scheduleId: number;
  /** A sensor diagnosis task of the network. */
  diagnosisId: number;
  /** The emergency record of the device: a self-test schedule, a test record and a fault. */
  emergencyScheduleId: number;
  recordId: number;
  faultId: number;
}

/** Payload fields that name a project, a network or something inside one: every call with one is covered. */
const NETWORK_SCOPED_KEYS = [
  'pid',
  'nid',
  'nids',
  'zid',
  'zoneIds',
  'nodeId',
  'deviceId',
  'deviceIds',
  'virtualId',
  'realId',
  'gatewayId',
  'backupId',
  'groupId',
  'sceneId',
  'scheduleId',
  'taskId',
  'faultId',
  'recordId',
];

const emptyHeader = {
  companyTitle: '',
  signatoryName: '',
  signatoryRole: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
};

/** Every call that names a project or a network, with a payload aimed at someone else's ids. */
function foreignPayloads(pid: number, nid: number, inner: InnerIds): [CallName, Record<string, unknown>][] {
  const key = JSON.stringify({ id: nid, name: 'Taken', category: 'office', electricityPrice: 1, currency: 'EUR' });
  return [
    ['projectNetworkAll', { pid }],
    ['projectUpdate', { pid, name: 'Taken' }],
    ['projectUpdateId', { pid }],
    ['projectDelete', { pid }],
    ['networkVoList', { pid }],
    ['networkPidList', { pid }],
    ['networkVoByNid', { nid }],
    ['networkId', { nid }],
    ['networkAdd', { pid, name: 'Planted' }],
    ['networkVoUpdate', { pid, key }],
    ['networkDelete', { nid }],
    ['networkMoveList', { nid }],
    ['networkMoveSave', { nid, pid }],
    ['networkPatchMoveSave', { nids: [nid], pid }],
    ['networkUserList', { nid }],
    ['networkUserDelete', { nid, memberUid: 1 }],
    ['networkUserTransfer', { nid, memberUid: 1 }],
    ['networkRecycleRestore', { nid }],
    ['networkAuditList', { nid }],
    ['shareNetwork', { nid, emails: ['someone@example.com'], userType: 3 }],
    ['shareProject', { pid, emails: ['someone@example.com'], userType: 3 }],
    ['zoneList', { nid }],
    ['zoneAdd', { nid, name: 'Planted' }],
    ['zoneUpdate', { zid: inner.zid, name: 'Taken' }],
    ['zoneConfig', { zid: inner.zid, configId: 1 }],
    ['zoneDelete', { zid: inner.zid }],
    ['nodeAdd', { nid, name: 'Planted' }],
    ['nodeUpdate', { nodeId: inner.nodeId, positionX: 1 }],
    ['nodeDelete', { nodeId: inner.nodeId }],
    ['viewStateGet', { nid }],
    ['viewStateSave', { nid, zoom: 2, imgX: 0, imgY: 0 }],
    ['fileDelete', { fileName: inner.fileName }],
    ['backupAdd', { nid }],
    ['backupList', { nid }],
    ['backupView', { backupId: inner.backupId }],
    ['backupRestore', { backupId: inner.backupId }],
    ['backupDelete', { backupId: inner.backupId }],
    ['controlLight', { nid, target: { kind: 'network' }, onOff: 0 }],
    ['controlLight', { nid, target: { kind: 'device', ids: [inner.deviceId] }, onOff: 1 }],
    ['controlScene', { nid, sceneId: inner.sceneId }],
    ['controlProject', { pid, onOff: 0 }],
    ['taskList', { nid }],
    ['taskGet', { taskId: inner.taskId }],
    ['taskCancel', { taskId: inner.taskId }],
    ['profileAdd', { nid, name: 'Planted', settings: defaultProfileSettings() }],
    ['profileApply', { profileId: 1, zoneIds: [inner.zid] }],
    ['profileApply', { profileId: 1, nids: [nid] }],
    ['deviceList', { nid }],
    ['deviceGet', { deviceId: inner.deviceId }],
    ['deviceAdd', { nid, devices: [{ kind: 'luminaire', model: 'ISO-1', name: 'Planted', mac: 'A4C1380099FF' }] }],
    ['deviceUpdate', { deviceId: inner.deviceId, changes: { name: 'Taken' } }],
    ['deviceDelete', { deviceId: inner.deviceId }],
    ['deviceBind', { virtualId: inner.deviceId, realId: inner.deviceId }],
    ['deviceUnbind', { virtualId: inner.deviceId }],
    ['sensorList', { nid }],
    ['gatewayList', { nid }],
    ['gatewayAdd', { nid, name: 'Planted' }],
    ['gatewayUpdate', { gatewayId: inner.gatewayId, name: 'Taken' }],
    ['gatewayDelete', { gatewayId: inner.gatewayId }],
    ['gatewaySecretReset', { gatewayId: inner.gatewayId }],
    ['gatewayDiagnosisList', { gatewayId: inner.gatewayId }],
    ['gatewayRealDevices', { gatewayId: inner.gatewayId }],
    ['deviceStateList', { nid }],
    ['liveStream', { nid }],
    ['displayTokenAdd', { nid, name: 'Planted' }],
    ['displayTokenList', { nid }],
    ['screenView', { nid }],
    ['zoneHeatSensor', { nid, span: '7d' }],
    ['zoneHeatPower', { nid, span: '7d' }],
    ['deviceHeatSensor', { nid, span: '7d' }],
    ['deviceHeatPower', { nid, span: '7d' }],
    ['networkEnergy', { nid, span: '7d' }],
    ['groupList', { nid }],
    ['groupAdd', { nid, name: 'Planted' }],
    ['groupUpdate', { groupId: inner.groupId, name: 'Taken' }],
    ['groupDelete', { groupId: inner.groupId }],
    ['groupDeviceAdd', { groupId: inner.groupId, deviceIds: [inner.deviceId] }],
    ['groupDeviceRemove', { groupId: inner.groupId, deviceIds: [inner.deviceId] }],
    ['groupDeviceOptions', { nid }],
    ['pictureUpload', { nid, image: 'iVBORw0KGgo=' }],
    ['picture', { nid, fileName: inner.fileName }],
    ['sceneList', { nid }],
    ['sceneAdd', { nid, name: 'Planted', type: 'generic' }],
    ['sceneUpdate', { sceneId: inner.sceneId, name: 'Taken' }],
    ['sceneDeviceSet', { sceneId: inner.sceneId, devices: [] }],
    ['sceneDelete', { sceneId: inner.sceneId }],
    ['scheduleList', { nid }],
    ['scheduleAdd', { nid, name: 'Planted', targetKind: 'network', action: { op: 'light', onOff: 0 } }],
    [
      'scheduleUpdate',
      { scheduleId: inner.scheduleId, name: 'Taken', targetKind: 'network', action: { op: 'light', onOff: 1 } },
    ],
    ['scheduleEnable', { scheduleId: inner.scheduleId, enabled: false }],
    ['scheduleDelete', { scheduleId: inner.scheduleId }],
    ['scheduleResume', { nid }],
    ['scheduleResume', { nid, scheduleId: inner.scheduleId }],
    ['networkLocationUpdate', { nid, latitude: 1, longitude: 1, timeZone: 'UTC' }],
    ['energyBaseList', { nids: [nid] }],
    ['energyBaseUpdate', { nid, addVersion: { validFrom: '2099-01-01', pricePerKWh: 1, currency: 'EUR' } }],
    ['energyBaseUpdate', { nid, factorSetId: 'uk-desnz-2025' }],
    ['diagnosisAdd', { nid, startTime: 2_000_000_000, interval: 60 }],
    ['diagnosisSensorOptions', { nid }],
    ['diagnosisList', { nid }],
    ['diagnosisGet', { taskId: inner.diagnosisId }],
    ['diagnosisCancel', { taskId: inner.diagnosisId }],
    ['diagnosisDelete', { taskId: inner.diagnosisId }],
    ['reportSetupAll', { pid }],
    ['reportSetupUpdate', { ...emptyHeader, pid, companyTitle: 'Taken' }],
    ['reportSetupLogo', { pid, slot: 'logo', image: null }],
    ['recipientAll', { pid }],
    [
      'recipientUpdate',
      { pid, recipients: [{ email: 'planted@example.com', language: 'en', kinds: ['energyReport'] }] },
    ],
    ['recipientResend', { pid, id: 1 }],
    // Report cycles, automatic runs and reception: the project's, by its id and the ids inside it.
    ['reportCycleAll', { pid }],
    ['reportCycleUpdate', { pid, cycles: [{ cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy'] }] }],
    ['reportRunList', { pid }],
    ['reportRunRestate', { pid, id: 1 }],
    ['reportRunResend', { pid, id: 1, deliveryId: 1 }],
    ['recipientReception', { pid }],
    ['recipientSet', { pid, id: 1, paused: true }],
    ['recipientRemove', { pid, id: 1 }],
    // Report downloads: a project's or a network's, asked for, listed and printed.
    ['reportProjectCreate', { pid, period: { kind: 'span', span: '7d' }, sections: ['energy'], format: 'csv' }],
    [
      'reportProjectCreate',
      { pid, nids: [nid], period: { kind: 'span', span: '7d' }, sections: ['energy'], format: 'pdf' },
    ],
    ['reportDeviceCreate', { nid, target: { kind: 'network' }, period: { kind: 'span', span: '7d' }, format: 'xlsx' }],
    ['reportList', { pid }],
    ['reportDevicePrint', { nid, target: { kind: 'network' }, period: { kind: 'span', span: '7d' } }],
    // Equipment statistics: the project's networks, or some named.
    ['equipmentStatistic', { pid }],
    ['equipmentStatistic', { pid, nids: [nid] }],
    ['equipmentExport', { pid, format: 'pdf' }],
    ['equipmentExport', { pid, nids: [nid], format: 'xlsx' }],
    // Emergency lighting: the fittings, their actions, schedules, record and fault workflow.
    ['emergencyElementList', { nid }],
    ['emergencyElementList', { nid, filter: 'fault' }],
    ['emergencyModeLog', { nid }],
    ['emergencyModeLog', { nid, deviceId: inner.deviceId }],
    ['emergencyActionPreview', { nid, target: { kind: 'network' }, action: 'functionTest' }],
    ['emergencyAction', { nid, target: { kind: 'network' }, action: 'functionTest' }],
    ['emergencyAction', { nid, target: { kind: 'network' }, action: 'durationTest' }],
    ['emergencyAction', { nid, target: { kind: 'fittings', ids: [inner.deviceId] }, action: 'inhibit' }],
    ['emergencyScheduleList', { nid }],
    ['emergencyScheduleAdd', { nid, name: 'Planted', testKind: 'function', day: 1, minuteOfDay: 0 }],
    [
      'emergencyScheduleUpdate',
      { scheduleId: inner.emergencyScheduleId, name: 'Taken', testKind: 'function', day: 1, minuteOfDay: 0 },
    ],
    ['emergencyScheduleDelete', { scheduleId: inner.emergencyScheduleId }],
    ['emergencyScheduleReport', { nid, year: 2026 }],
    ['emergencyTestLog', { nid }],
    ['emergencyTestLog', { nid, deviceId: inner.deviceId }],
    ['emergencyTestCorrect', { recordId: inner.recordId, remark: 'Taken' }],
    ['emergencyFaultLog', { nid }],
    ['emergencyFaultStep', { faultId: inner.faultId, step: 'safeguard', at: 0, person: 'Planted' }],
    ['emergencyFaultStep', { faultId: inner.faultId, step: 'verify', at: 0, person: 'Planted' }],
    ['emergencyFaultConfirm', { faultId: inner.faultId, remark: 'Taken' }],
    ['emergencyFaultConfirmUpdate', { faultId: inner.faultId, confirmed: false, remark: 'Taken' }],
    ['emergencyRetestFailed', { nid }],
    ['emergencyRetestFailed', { nid, gatewayId: inner.gatewayId }],
    ['emergencyReport', { nid, from: 0, to: 86_400 }],
    ['emergencyRecordExport', { nid, from: 0, to: 86_400, format: 'csv' }],
    ['emergencyOverdueSummary', { pid }],
    ['emergencyOverdueSummary', { nid }],
  ];
}

/**
 * Puts a zone with a node, a floor-plan file, a backup, a device, a gateway, a scene, a task, a group, a
 * schedule, a sensor diagnosis and the device's emergency record in the network.
 */
async function furnish(t: TestApp, pid: number, nid: number, ownerUid: number): Promise<InnerIds> {
  const fileName = 'plan-isolation.png';
  const image = { mime: 'image/png', size: 1, width: 500, height: 500, data: Buffer.from([1]) };
  await t.db.insert(files).values({ name: fileName, ownerUid, ...image });
  await t.db.update(networks).set({ image: fileName }).where(eq(networks.id, nid));
  const [zone] = await t.db
    .insert(zones)
    .values({
      nid,
      name: 'Secret zone',
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
      ],
    })
    .returning();
  const [node] = await t.db.insert(nodes).values({ nid, zoneId: zone!.id, name: 'Secret node' }).returning();
  const [backup] = await t.db.insert(backups).values({ nid, name: 'Secret backup', content: {} }).returning();
  const [device] = await t.db
    .insert(devices)
    .values({ nid, isVirtual: true, kind: 'luminaire', name: 'Secret device', model: 'ISO-1', mac: 'A4C138009901' })
    .returning();
  const [gateway] = await t.db
    .insert(gateways)
    .values({ nid, sn: `gw-isolation-${nid}`, name: 'Secret gateway', secretHash: 'x', status: 2, meshStatus: 1 })
    .returning();
  const [scene] = await t.db.insert(scenes).values({ nid, number: 5, name: 'Secret scene' }).returning();
  const [task] = await t.db
    .insert(tasks)
    .values({
      nid,
      gatewayId: gateway!.id,
      targetKind: 'network',
      action: {},
      deadlineAt: new Date(Date.now() + 600_000),
    })
    .returning();
  const [group] = await t.db.insert(groups).values({ nid, name: 'Secret group' }).returning();
  const [schedule] = await t.db
    .insert(schedules)
    .values({ nid, name: 'Secret schedule', targetKind: 'network', action: { op: 'light', onOff: 0 } })
    .returning();
  const [diagnosis] = await t.db
    .insert(sensorDiagnoses)
    .values({
      nid,
      startAt: new Date(2_000_000_000_000),
      endAt: new Date(2_000_003_600_000),
      intervalSeconds: 60,
      allSensors: true,
    })
    .returning();
  const record = await buildEmergencyRecord(t, { nid, pid, deviceId: device!.id });
  return {
    zid: zone!.id,
    nodeId: node!.id,
    backupId: backup!.id,
    fileName,
    deviceId: device!.id,
    sceneId: scene!.id,
    taskId: task!.id,
    gatewayId: gateway!.id,
    groupId: group!.id,
    scheduleId: schedule!.id,
    diagnosisId: diagnosis!.id,
    emergencyScheduleId: record.scheduleId,
    recordId: record.recordId,
    faultId: record.faultId,
  };
}

describeApi('a user of another project can read or change nothing of this one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 1013 to every call for existing and missing ids alike, and nothing changes', async () => {
    const { owner, stranger, network } = await networkTeam(t);
    const inner = await furnish(t, owner.pid, network.id, owner.user.id);
    const snapshot = async () =>
      Promise.all(
        [
          networks,
          networkUsers,
          projects,
          projectUsers,
          auditEvents,
          zones,
          nodes,
          viewStates,
          files,
          backups,
          tasks,
          groups,
          scenes,
          schedules,
          displayTokens,
          tariffVersions,
          emergencySchedules,
          emergencyTestRecords,
          emergencyFaults,
          emergencyFaultEntries,
          emergencyFittings,
          projectReportSetups,
          projectRecipients,
          reportCycleSettings,
          reportJobs,
          reportRuns,
          recipientPreferences,
        ].map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n),
      );
    const rows = async () =>
      Promise.all(
        [
          zones,
          nodes,
          viewStates,
          backups,
          networks,
          gateways,
          sensorDiagnoses,
          emergencySchedules,
          emergencyFittings,
        ].map((table) => t.db.select().from(table)),
      );
    const before = await snapshot();
    const rowsBefore = await rows();
    const covered = new Set<string>();
    const missing = {
      zid: 999_997,
      nodeId: 999_996,
      backupId: 999_995,
      fileName: 'plan-missing.png',
      deviceId: 999_994,
      sceneId: 999_993,
      taskId: 999_992,
      gatewayId: 999_991,
      groupId: 999_990,
      scheduleId: 999_989,
      diagnosisId: 999_988,
      emergencyScheduleId: 999_987,
      recordId: 999_986,
      faultId: 999_985,
    };
    for (const [pid, nid, ids] of [
      [owner.pid, network.id, inner],
      [999_999, 999_998, missing],
    ] as const) {
      for (const [name, payload] of foreignPayloads(pid, nid, ids)) {
        covered.add(name);
        const reply = await call(t.app, name, payload, stranger.session);
        expect(reply.body.code, `${name} ${JSON.stringify(payload)}`).toBe(Code.noPermission);
        expect(JSON.stringify(reply.body)).not.toContain(network.name);
        expect(JSON.stringify(reply.body)).not.toContain('Secret zone');
      }
    }
    // The e-mail links take no session: a forged one, or a true one of the other kind, opens nothing (1065).
    const exp = Math.floor(t.clock.now().getTime() / 1000) + 86_400;
    const faultLink = { kind: 'fault', faultId: inner.faultId, exp } as const;
    const reportLink = { kind: 'report', nid: network.id, from: 0, to: exp, exp } as const;
    const links: [CallName, string][] = [
      ['emergencyPublicFault', forgedEmergencyLink(faultLink)],
      ['emergencyPublicFault', forgedEmergencyLink({ ...faultLink, faultId: missing.faultId })],
      ['emergencyPublicFault', signEmergencyLink(t.app.ctx, reportLink)],
      ['emergencyPublicReport', forgedEmergencyLink(reportLink)],
      ['emergencyPublicReport', signEmergencyLink(t.app.ctx, faultLink)],
      // The equipment statistics issued with a report: a forged link, or a true one of no run of the project.
      ['reportRunEquipment', forgedEmergencyLink(reportLink)],
      ['reportRunEquipment', equipmentViewToken(t.app.ctx, { run: 999_984, pid: owner.pid, exp })],
    ];
    for (const [name, link] of links) {
      covered.add(name);
      const reply = await call(t.app, name, { link }, stranger.session);
      expect(reply.body.code, `${name} ${link}`).toBe(Code.linkInvalid);
      expect(JSON.stringify(reply.body)).not.toContain(network.name);
    }
    expect(await snapshot()).toEqual(before);
    expect(await rows()).toEqual(rowsBefore);
    // Every call naming a project, a network or something inside one, and every emergency call.
    const scoped = Object.entries(calls)
      .filter(([, def]) => def.tag === 'emergency' || NETWORK_SCOPED_KEYS.some((key) => key in def.payload))
      .map(([name]) => name);
    expect(scoped.filter((name) => !covered.has(name))).toEqual([]);
  });
});
