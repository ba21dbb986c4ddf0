import type { CallName } from '@lightwell/domain';

// Who may call each registered route (docs/development.md, "Security matrix"): every call of the registry
// and every other route the built app registers has one row here; route-table.test.ts fails on a route
// without its row and on a row naming no route.

/** The signed e-mail and display credentials a route may take instead of a session. */
export type LinkKind =
  | 'emergency-fault'
  | 'emergency-report'
  | 'report-view'
  | 'equipment'
  | 'recipient'
  | 'recipient-activation'
  | 'share'
  | 'profile-share'
  | 'file';

/**
 * What a route needs:
 * - `public` needs nothing (the row says why it may);
 * - `session`: any signed-in user, reaching only their own things (checked by the call's route tests);
 * - `network:roles` / `project:roles`: names a network or a project; owner, installer and sub-user codes in
 *   role-rows.ts ROWS, the foreign user's 1013 walked by the matrix;
 * - `network:isolation` / `project:isolation`: the same, but the foreign user's 1013 is walked by an
 *   isolation table (test/isolation/) and the member codes by the call's own route tests;
 * - `network:matrix`: the same, the foreign user's 1013 walked by matrix.test.ts itself;
 * - `display`: a display key of the lobby dashboard; `link:<kind>`: a signed e-mailed link of that kind;
 *   `session+link:<kind>`: both, as accepting a share does;
 * - `gateway`: a gateway's sn and secret (mesh calls); `operator`: an allow-list or a local token.
 */
export type Access =
  | { access: 'public'; why: string }
  | 'session'
  | 'network:roles'
  | 'network:isolation'
  | 'network:matrix'
  | 'project:roles'
  | 'project:isolation'
  | 'display'
  | `link:${LinkKind}`
  | `session+link:${LinkKind}`
  | 'gateway'
  | { access: 'operator'; why: string };

const open = (why: string) => ({ access: 'public', why }) as const;

/** Every call of the registry (packages/domain/src/calls), by name. */
export const CALL_ACCESS = {
  appConfig: open('the sign-in page reads languages and limits before anyone signs in'),
  registerCode: open('signing up: the e-mailed code is the proof'),
  register: open('signing up: the e-mailed code is the proof'),
  login: open('signing in: the password is the proof'),
  passwordCode: open('password reset: the e-mailed code is the proof'),
  passwordReset: open('password reset: the e-mailed code is the proof'),
  logout: 'session',
  userInfo: 'session',
  updateSetting: 'session',
  updatePassword: 'session',
  nameUpdate: 'session',
  passwordCheck: 'session',
  emailCode: 'session',
  emailUpdate: 'session',
  projectAll: 'session',
  projectVoList: 'session',
  projectInfoList: 'session',
  projectNetworkAll: 'project:isolation',
  projectAdd: 'session',
  projectUpdate: 'project:isolation',
  projectUpdateId: 'project:isolation',
  projectId: 'session',
  projectDelete: 'project:isolation',
  networkAll: 'session',
  networkVoList: 'project:roles',
  networkPidList: 'project:roles',
  networkVoByNid: 'network:roles',
  networkId: 'network:roles',
  networkAdd: 'project:roles',
  networkVoUpdate: 'project:roles',
  networkDelete: 'network:roles',
  networkMoveList: 'network:roles',
  networkMoveSave: 'network:roles',
  networkPatchMoveSave: 'network:roles',
  networkUserList: 'network:roles',
  networkUserDelete: 'network:roles',
  networkUserTransfer: 'network:roles',
  networkRecycleList: 'session',
  networkRecycleRestore: 'network:roles',
  networkAuditList: 'network:roles',
  shareNetwork: 'network:isolation',
  shareProject: 'project:isolation',
  shareList: 'session',
  shareResend: 'session',
  shareRevoke: 'session',
  shareInfo: 'link:share',
  shareAccept: 'session+link:share',
  zoneList: 'network:isolation',
  zoneAdd: 'network:isolation',
  zoneUpdate: 'network:isolation',
  zoneDelete: 'network:isolation',
  zoneConfig: 'network:isolation',
  nodeAdd: 'network:isolation',
  nodeUpdate: 'network:isolation',
  nodeDelete: 'network:isolation',
  viewStateGet: 'network:isolation',
  viewStateSave: 'network:isolation',
  deviceList: 'network:roles',
  deviceGet: 'network:roles',
  deviceAdd: 'network:roles',
  deviceUpdate: 'network:roles',
  deviceDelete: 'network:roles',
  deviceBind: 'network:roles',
  deviceUnbind: 'network:roles',
  sensorList: 'network:roles',
  productList: 'session',
  productSubVersionList: 'session',
  productAdd: 'session',
  productIconUpload: 'session',
  productIcon: 'session',
  gatewayList: 'network:roles',
  gatewayAdd: 'network:roles',
  gatewayUpdate: 'network:roles',
  gatewayDelete: 'network:roles',
  gatewaySecretReset: 'network:roles',
  gatewayDiagnosisList: 'network:roles',
  gatewayRealDevices: 'network:roles',
  deviceStateList: 'network:roles',
  liveStream: 'network:roles',
  fileDelete: 'network:isolation',
  fileDownloadUrl: 'session',
  backupAdd: 'network:isolation',
  backupList: 'network:isolation',
  backupView: 'network:isolation',
  backupRestore: 'network:isolation',
  backupDelete: 'network:isolation',
  controlLight: 'network:roles',
  controlScene: 'network:roles',
  controlProject: 'project:roles',
  taskList: 'network:roles',
  taskGet: 'network:roles',
  taskCancel: 'network:roles',
  profileList: 'session',
  profileGet: 'session',
  profileAdd: 'network:roles',
  profileUpdate: 'session',
  profileDelete: 'session',
  profileCopy: 'session',
  profileApply: 'network:roles',
  profileShare: 'session',
  profileShareInfo: 'link:profile-share',
  profileShareAccept: 'session+link:profile-share',
  groupList: 'network:roles',
  groupAdd: 'network:roles',
  groupUpdate: 'network:roles',
  groupDelete: 'network:roles',
  groupDeviceAdd: 'network:roles',
  groupDeviceRemove: 'network:roles',
  groupDeviceOptions: 'network:roles',
  pictureUpload: 'network:roles',
  picture: 'network:roles',
  sceneList: 'network:roles',
  sceneAdd: 'network:roles',
  sceneUpdate: 'network:roles',
  sceneDeviceSet: 'network:roles',
  sceneDelete: 'network:roles',
  scheduleList: 'network:roles',
  scheduleAdd: 'network:roles',
  scheduleUpdate: 'network:roles',
  scheduleEnable: 'network:roles',
  scheduleDelete: 'network:roles',
  scheduleResume: 'network:roles',
  networkLocationUpdate: 'network:roles',
  displayTokenAdd: 'network:roles',
  displayTokenList: 'network:roles',
  // Names a key by id: the network's administrator revokes it (screen tests); a foreign id is 1013.
  displayTokenRevoke: 'session',
  screenView: 'network:roles',
  screenDisplay: 'display',
  screenLive: 'display',
  zoneHeatSensor: 'network:roles',
  zoneHeatPower: 'network:roles',
  deviceHeatSensor: 'network:roles',
  deviceHeatPower: 'network:roles',
  networkEnergy: 'network:roles',
  portfolio: 'session',
  energyBaseList: 'network:roles',
  energyBaseUpdate: 'network:roles',
  diagnosisAdd: 'network:roles',
  diagnosisSensorOptions: 'network:roles',
  diagnosisList: 'network:roles',
  diagnosisGet: 'network:roles',
  diagnosisCancel: 'network:roles',
  diagnosisDelete: 'network:roles',
  emergencyElementList: 'network:roles',
  emergencyActionPreview: 'network:roles',
  emergencyAction: 'network:roles',
  emergencyScheduleList: 'network:roles',
  emergencyScheduleAdd: 'network:roles',
  emergencyScheduleUpdate: 'network:roles',
  emergencyScheduleDelete: 'network:roles',
  emergencyScheduleReport: 'network:roles',
  emergencyTestLog: 'network:roles',
  emergencyTestCorrect: 'network:roles',
  emergencyModeLog: 'network:roles',
  emergencyFaultLog: 'network:roles',
  emergencyFaultStep: 'network:roles',
  emergencyFaultConfirm: 'network:roles',
  emergencyFaultConfirmUpdate: 'network:roles',
  emergencyRetestFailed: 'network:roles',
  emergencyReport: 'network:roles',
  emergencyRecordExport: 'network:roles',
  emergencyOverdueSummary: 'project:roles',
  emergencyPublicFault: 'link:emergency-fault',
  emergencyPublicReport: 'link:emergency-report',
  reportSetupAll: 'project:isolation',
  reportSetupUpdate: 'project:isolation',
  reportSetupLogo: 'project:isolation',
  recipientAll: 'project:isolation',
  recipientUpdate: 'project:isolation',
  recipientResend: 'project:isolation',
  recipientActivate: 'link:recipient-activation',
  reportProjectCreate: 'project:isolation',
  reportDeviceCreate: 'network:isolation',
  reportList: 'project:isolation',
  // Names a report job by id: its creator's, while they still hold a role on every network (report tests).
  reportState: 'session',
  reportDevicePrint: 'network:isolation',
  reportCycleAll: 'project:isolation',
  reportCycleUpdate: 'project:isolation',
  reportRunList: 'project:isolation',
  reportRunRestate: 'project:isolation',
  reportRunResend: 'project:isolation',
  recipientReception: 'project:isolation',
  recipientSet: 'project:isolation',
  recipientRemove: 'project:isolation',
  reportRunView: 'link:report-view',
  reportRunEquipment: 'link:equipment',
  recipientLinkInfo: 'link:recipient',
  recipientLinkSave: 'link:recipient',
  recipientLinkUnsubscribe: 'link:recipient',
  equipmentStatistic: 'project:roles',
  equipmentExport: 'project:roles',
} satisfies Record<CallName, Access>;

const apiDocs = open('the API contract (docs/openapi.json) and its page: no data');

/** Every other route the app registers, by `METHOD path` (a GET row covers its HEAD twin). */
export const OTHER_ROUTES: Record<string, Access> = {
  'GET /api/docs': apiDocs,
  'GET /api/docs/': apiDocs,
  'GET /api/docs/static/index.html': apiDocs,
  'GET /api/docs/static/swagger-initializer.js': apiDocs,
  'GET /api/docs/*': apiDocs,
  'GET /api/docs/json': apiDocs,
  'GET /api/docs/yaml': apiDocs,
  'GET /healthz': open('liveness probe: answers only that the process serves'),
  'GET /readyz': open('readiness probe: answers only which of database, migrations and broker are up'),
  'GET /metrics': { access: 'operator', why: 'METRICS_ALLOW addresses only; anyone else gets the unknown-path 404' },
  'GET /outbox': { access: 'operator', why: 'a kept outbox, from loopback, with DATA_DIR/outbox-token only' },
  'GET /*': open('the built web app: pages and hashed assets; every page reads its data through the calls'),
  // A floor-plan upload (multipart): its signed text fields are checked as a call's envelope; the member
  // codes are routes/file/file.test.ts's.
  'POST /SigMesh/file/uploadPic': 'network:matrix',
  'GET /SigMesh/file/download': 'link:file',
  'POST /SigMesh/lbs': 'gateway',
  'POST /SigMesh/report/emergency/node': 'gateway',
  'POST /SigMesh/report/light/consume': 'gateway',
  'POST /SigMesh/report/sensor/trigger': 'gateway',
  'POST /email/register': 'link:recipient',
};

/** The class of an access row, without its reason. */
export const classOf = (access: Access): string => (typeof access === 'string' ? access : access.access);
