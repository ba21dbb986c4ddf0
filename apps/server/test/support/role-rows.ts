import { type CallName, Code, defaultProfileSettings } from '@lightwell/domain';
import { type Role, type RoleWorld, uniqueMac } from './role-world.ts';
import { weekdayEvening } from './schedules.ts';

// The calls of roles.test.ts: what each role of a network is answered, and what each call sends.

export const ok = Code.ok;
export const refused = Code.noPermission;
/** Every member may: owners, installers and sub-users. */
const EVERY_MEMBER: Record<Role, number> = { owner: ok, installer: ok, sub: ok };
/** Owners and installers change the network and what is in it; sub-users are refused (1013). */
const EDITORS: Record<Role, number> = { owner: ok, installer: ok, sub: refused };

/** One call: what each role is answered, and the payload it sends (fresh things for destructive calls). */
export interface Row {
  name: CallName;
  codes: Record<Role, number>;
  payload: (w: RoleWorld, role: Role) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The call sends a command: the next one waits until the gateway is free again. */
  sends?: boolean;
}

/** Every weekday at 18:30. */
const schedule = weekdayEvening(18);

/** A monthly function test of the role network's fitting on the 1st at 06:00. */
const emergencySchedule = (w: RoleWorld) => ({
  testKind: 'function',
  day: 1,
  minuteOfDay: 360,
  target: { kind: 'fittings', ids: [w.emergencyId] },
});

/** Another member than the caller: the owner and the sub-user name the installer, the installer a sub-user. */
const otherMember = (w: RoleWorld, role: Role) => w.uid(role === 'installer' ? 'sub' : 'installer');

export const ROWS: Row[] = [
  // Gateways (sections 3-5; page gateway): every member reads, owners and installers manage.
  { name: 'gatewayList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'gatewayAdd', codes: EDITORS, payload: (w) => ({ nid: w.nid, name: 'Added' }) },
  { name: 'gatewayUpdate', codes: EDITORS, payload: (w, role) => ({ gatewayId: w.gateway.id, name: `By ${role}` }) },
  { name: 'gatewayDelete', codes: EDITORS, payload: async (w) => ({ gatewayId: await w.gatewayId() }) },
  { name: 'gatewaySecretReset', codes: EDITORS, payload: async (w) => ({ gatewayId: await w.gatewayId() }) },
  { name: 'gatewayDiagnosisList', codes: EVERY_MEMBER, payload: (w) => ({ gatewayId: w.gateway.id }) },
  { name: 'gatewayRealDevices', codes: EVERY_MEMBER, payload: (w) => ({ gatewayId: w.gateway.id }) },
  { name: 'deviceStateList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'liveStream', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  // Devices (4-7, 4-9): every member reads, owners and installers add, change, bind and delete.
  { name: 'deviceList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'deviceGet', codes: EVERY_MEMBER, payload: (w) => ({ deviceId: w.virtualId }) },
  {
    name: 'deviceAdd',
    codes: EDITORS,
    payload: (w) => ({
      nid: w.nid,
      devices: [{ kind: 'luminaire', model: w.product.model, name: 'New', mac: uniqueMac() }],
    }),
  },
  { name: 'deviceUpdate', codes: EDITORS, payload: (w, role) => ({ deviceId: w.virtualId, changes: { name: role } }) },
  { name: 'deviceDelete', codes: EDITORS, payload: async (w) => ({ deviceId: await w.deviceId() }) },
  { name: 'deviceBind', codes: EDITORS, payload: (w) => w.pair(false) },
  { name: 'deviceUnbind', codes: EDITORS, payload: async (w) => ({ virtualId: (await w.pair(true)).virtualId }) },
  { name: 'sensorList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  // Sensor trigger diagnosis (4-9): every member reads, owners and installers create, cancel and delete.
  {
    name: 'diagnosisAdd',
    codes: EDITORS,
    payload: (w) => ({ nid: w.nid, startTime: Math.floor(Date.now() / 1000) + 3600, interval: 60 }),
  },
  { name: 'diagnosisSensorOptions', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'diagnosisList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'diagnosisGet', codes: EVERY_MEMBER, payload: async (w) => ({ taskId: await w.diagnosisIdFresh() }) },
  { name: 'diagnosisCancel', codes: EDITORS, payload: async (w) => ({ taskId: await w.diagnosisIdFresh() }) },
  { name: 'diagnosisDelete', codes: EDITORS, payload: async (w) => ({ taskId: await w.diagnosisIdFresh() }) },
  // Groups and their pictures (4-3).
  { name: 'groupList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'groupAdd', codes: EDITORS, payload: (w) => ({ nid: w.nid, name: 'Added group' }) },
  { name: 'groupUpdate', codes: EDITORS, payload: (w, role) => ({ groupId: w.groupId, name: `By ${role}` }) },
  { name: 'groupDelete', codes: EDITORS, payload: async (w) => ({ groupId: await w.groupIdFresh() }) },
  { name: 'groupDeviceAdd', codes: EDITORS, payload: (w) => ({ groupId: w.groupId, deviceIds: [w.virtualId] }) },
  { name: 'groupDeviceRemove', codes: EDITORS, payload: (w) => ({ groupId: w.groupId, deviceIds: [w.virtualId] }) },
  { name: 'groupDeviceOptions', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'pictureUpload', codes: EDITORS, payload: (w) => ({ nid: w.nid, image: w.pictureData }) },
  { name: 'picture', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid, fileName: w.pictureName }) },
  // Scenes (4-4).
  { name: 'sceneList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'sceneAdd', codes: EDITORS, payload: (w) => ({ nid: w.nid, name: 'Added scene', type: 'generic' }) },
  { name: 'sceneUpdate', codes: EDITORS, payload: (w, role) => ({ sceneId: w.sceneId, name: `By ${role}` }) },
  {
    name: 'sceneDeviceSet',
    codes: EDITORS,
    payload: (w) => ({ sceneId: w.sceneId, devices: [{ deviceId: w.virtualId, lightness: 30 }] }),
  },
  { name: 'sceneDelete', codes: EDITORS, payload: async (w) => ({ sceneId: await w.sceneIdFresh() }) },
  // Schedules and the network location they use.
  { name: 'scheduleList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'scheduleAdd', codes: EDITORS, payload: (w) => ({ nid: w.nid, ...schedule }) },
  { name: 'scheduleUpdate', codes: EDITORS, payload: (w) => ({ scheduleId: w.scheduleId, ...schedule }) },
  { name: 'scheduleEnable', codes: EDITORS, payload: (w) => ({ scheduleId: w.scheduleId, enabled: false }) },
  { name: 'scheduleDelete', codes: EDITORS, payload: async (w) => ({ scheduleId: await w.scheduleIdFresh() }) },
  // Every member may switch lights by hand, so every member may hand them back to the schedules.
  { name: 'scheduleResume', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }), sends: true },
  {
    name: 'networkLocationUpdate',
    codes: EDITORS,
    payload: (w) => ({ nid: w.nid, latitude: 52.5, longitude: 13.4, timeZone: 'Europe/Berlin' }),
  },
  // Control and tasks (sections 4 and 5): every member.
  {
    name: 'controlLight',
    codes: EVERY_MEMBER,
    payload: (w) => ({ nid: w.nid, target: { kind: 'network' }, onOff: 1 }),
    sends: true,
  },
  { name: 'controlScene', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid, sceneId: w.allOnSceneId }), sends: true },
  // Emergency lighting (docs/api.md "Emergency lighting"): every member reads the fittings and their record;
  // actions put fittings on battery, so they, schedules, corrections and the fault workflow are the owners'
  // and installers'.
  { name: 'emergencyElementList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  // The role network's fitting has changed no mode yet: an empty list (1050) is every member's answer.
  {
    name: 'emergencyModeLog',
    codes: { owner: Code.emptyList, installer: Code.emptyList, sub: Code.emptyList },
    payload: (w) => ({ nid: w.nid }),
  },
  {
    name: 'emergencyActionPreview',
    codes: EDITORS,
    payload: (w) => ({ nid: w.nid, target: { kind: 'fittings', ids: [w.emergencyId] }, action: 'durationTest' }),
  },
  {
    name: 'emergencyAction',
    codes: EDITORS,
    payload: (w) => ({ nid: w.nid, target: { kind: 'fittings', ids: [w.emergencyId] }, action: 'functionTest' }),
    sends: true,
  },
  { name: 'emergencyScheduleList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  {
    name: 'emergencyScheduleAdd',
    codes: EDITORS,
    payload: (w, role) => ({ nid: w.nid, ...emergencySchedule(w), name: `Added by ${role}` }),
  },
  {
    name: 'emergencyScheduleUpdate',
    codes: EDITORS,
    payload: (w, role) => ({ scheduleId: w.record.scheduleId, ...emergencySchedule(w), name: `By ${role}` }),
  },
  {
    name: 'emergencyScheduleDelete',
    codes: EDITORS,
    payload: async (w) => ({ scheduleId: await w.record.scheduleIdFresh() }),
  },
  {
    name: 'emergencyScheduleReport',
    codes: EVERY_MEMBER,
    payload: (w) => ({ nid: w.nid, year: new Date(w.record.period.to * 1000).getUTCFullYear() }),
  },
  { name: 'emergencyTestLog', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  {
    name: 'emergencyTestCorrect',
    codes: EDITORS,
    payload: (w, role) => ({ recordId: w.record.recordId, remark: `Checked by ${role}` }),
  },
  { name: 'emergencyFaultLog', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  {
    name: 'emergencyFaultStep',
    codes: EDITORS,
    payload: (w, role) => ({
      faultId: w.record.faultId,
      step: 'safeguard',
      at: w.record.period.to,
      person: role,
      remark: 'Taped off',
    }),
  },
  {
    name: 'emergencyFaultConfirm',
    codes: EDITORS,
    payload: async (w) => ({ faultId: await w.record.faultToConfirm(), remark: 'Done' }),
  },
  // Only the confirmer changes a confirmation, and only while an owner or installer: a sub-user is refused
  // even on a confirmation of their own, the others' 1101 on someone else's.
  {
    name: 'emergencyFaultConfirmUpdate',
    codes: EDITORS,
    payload: async (w, role) => ({ faultId: await w.record.faultConfirmedBy(w.uid(role)), confirmed: false }),
  },
  {
    name: 'emergencyFaultConfirmUpdate',
    codes: { owner: Code.notConfirmer, installer: Code.notConfirmer, sub: refused },
    payload: async (w, role) => ({
      faultId: await w.record.faultConfirmedBy(otherMember(w, role)),
      confirmed: false,
    }),
  },
  // The fitting's test failed and its fault is open: it is retested.
  { name: 'emergencyRetestFailed', codes: EDITORS, payload: (w) => ({ nid: w.nid }), sends: true },
  {
    name: 'emergencyReport',
    codes: EVERY_MEMBER,
    payload: (w) => ({ nid: w.nid, ...w.record.period, part: 'all' }),
  },
  {
    name: 'emergencyRecordExport',
    codes: EVERY_MEMBER,
    payload: (w) => ({ nid: w.nid, ...w.record.period, format: 'csv' }),
  },
  { name: 'emergencyOverdueSummary', codes: EVERY_MEMBER, payload: (w) => ({ pid: w.pid }) },
  { name: 'emergencyOverdueSummary', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  // Equipment statistics (2-9): every member of each network named, whatever the role.
  { name: 'equipmentStatistic', codes: EVERY_MEMBER, payload: (w) => ({ pid: w.pid, nids: [w.nid] }) },
  { name: 'equipmentExport', codes: EVERY_MEMBER, payload: (w) => ({ pid: w.pid, nids: [w.nid], format: 'csv' }) },
  // The e-mail links open the record for whoever holds them: the session plays no part.
  { name: 'emergencyPublicFault', codes: EVERY_MEMBER, payload: (w) => ({ link: w.record.faultLink }) },
  { name: 'emergencyPublicReport', codes: EVERY_MEMBER, payload: (w) => ({ link: w.record.reportLink }) },
  // Every project member: networks of the project the caller belongs to.
  { name: 'controlProject', codes: EVERY_MEMBER, payload: (w) => ({ pid: w.pid, onOff: 0 }), sends: true },
  { name: 'taskList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'taskGet', codes: EVERY_MEMBER, payload: async (w) => ({ taskId: await w.openTaskId() }) },
  // A cancel ends at the gateway's answer or the sweep: settled before the next call's snapshot.
  {
    name: 'taskCancel',
    codes: EVERY_MEMBER,
    payload: async (w) => ({ taskId: await w.openTaskId() }),
    sends: true,
  },
  // Profiles: any member may keep a profile for the network; only owners and installers apply one.
  {
    name: 'profileAdd',
    codes: EVERY_MEMBER,
    payload: (w) => ({ nid: w.nid, name: 'Network profile', settings: defaultProfileSettings() }),
  },
  {
    name: 'profileApply',
    codes: EDITORS,
    payload: (w) => ({ profileId: w.systemProfileId, nids: [w.nid] }),
    sends: true,
  },
  // The network itself (section 6).
  { name: 'networkVoList', codes: EVERY_MEMBER, payload: (w) => ({ pid: w.pid }) },
  { name: 'networkPidList', codes: EVERY_MEMBER, payload: (w) => ({ pid: w.pid }) },
  { name: 'networkVoByNid', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  { name: 'networkId', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  // The project's creator, or an owner or installer of one of its networks, adds a network to it (and
  // becomes its member); a member who is only a sub-user there may not.
  { name: 'networkAdd', codes: EDITORS, payload: (w, role) => ({ pid: w.pid, name: `Added by ${role}` }) },
  {
    name: 'networkVoUpdate',
    codes: EDITORS,
    payload: (w, role) => ({
      pid: w.pid,
      key: JSON.stringify({ id: w.nid, name: `By ${role}`, category: 'office', electricityPrice: 1, currency: 'EUR' }),
    }),
  },
  // The owner may not delete while others are in the network (1062); an installer or sub-user leaves it.
  {
    name: 'networkDelete',
    codes: { owner: Code.networkNotDeletable, installer: ok, sub: ok },
    payload: async (w) => ({ nid: await w.network() }),
  },
  { name: 'networkMoveList', codes: EDITORS, payload: (w) => ({ nid: w.nid }) },
  {
    name: 'networkMoveSave',
    codes: EDITORS,
    payload: async (w, role) => ({ nid: await w.network(), pid: w.otherProject[role] }),
  },
  {
    name: 'networkPatchMoveSave',
    codes: EDITORS,
    payload: async (w, role) => ({ nids: [await w.network()], pid: w.otherProject[role] }),
  },
  { name: 'networkUserList', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  // The owner removes anyone, an installer sub-users; a sub-user nobody but themself.
  {
    name: 'networkUserDelete',
    codes: EDITORS,
    payload: async (w, role) => ({ nid: await w.network(), memberUid: otherMember(w, role) }),
  },
  // Only the owner hands ownership on while the network has one.
  {
    name: 'networkUserTransfer',
    codes: { owner: ok, installer: refused, sub: refused },
    payload: async (w, role) => ({ nid: await w.network(), memberUid: otherMember(w, role) }),
  },
  // A network in the recycle bin is restored by its administrator (the owner, or the only installer of an
  // ownerless network), as it was deleted; a sub-user left in it may not.
  {
    name: 'networkRecycleRestore',
    codes: EDITORS,
    payload: async (w, role) => ({ nid: await w.network([role], { deletedAt: new Date() }) }),
  },
  {
    name: 'networkAuditList',
    codes: { owner: ok, installer: refused, sub: refused },
    payload: (w) => ({ nid: w.nid }),
  },
  // Display keys of the lobby dashboard are the network administrator's; every member may open it.
  {
    name: 'displayTokenAdd',
    codes: { owner: ok, installer: refused, sub: refused },
    payload: (w) => ({ nid: w.nid, name: 'Lobby' }),
  },
  {
    name: 'displayTokenList',
    codes: { owner: ok, installer: refused, sub: refused },
    payload: (w) => ({ nid: w.nid }),
  },
  { name: 'screenView', codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid }) },
  // Energy and sensor statistics: every member reads them.
  ...(['zoneHeatSensor', 'zoneHeatPower', 'deviceHeatSensor', 'deviceHeatPower', 'networkEnergy'] as const).map(
    (name): Row => ({ name, codes: EVERY_MEMBER, payload: (w) => ({ nid: w.nid, span: '30d' }) }),
  ),
  // Price, tariff history and CO2 factor set (/setting/price): every member reads, owners and installers change.
  { name: 'energyBaseList', codes: EVERY_MEMBER, payload: (w) => ({ nids: [w.nid] }) },
  {
    name: 'energyBaseUpdate',
    codes: EDITORS,
    payload: (w) => ({ nid: w.nid, factorSetId: 'uk-desnz-2025', estimate: { ratedPowerW: 40, standbyW: 0.4 } }),
  },
];
