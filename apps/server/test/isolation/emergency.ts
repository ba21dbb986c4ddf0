// Isolation cases of emergency lighting: the fittings, their actions, schedules, record and fault workflow
// (packages/domain/src/calls/emergency.ts), and the signed e-mail links that open a fault, a report or the
// equipment statistics issued with a report run without a session.
import { signEmergencyLink } from '../../src/services/emergency/links.ts';
import { equipmentViewToken } from '../../src/services/report-cycles/links.ts';
import { forgedEmergencyLink } from '../support/emergency-record.ts';
import { type ForeignCalls, type ForeignLinks, type LinkSite, MISSING } from './walk.ts';

/** Every emergency call that takes a session, with a payload aimed at someone else's ids. */
export const emergencyCases: ForeignCalls = (pid, nid, inner) => [
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

/** The site's open fault, linked as a fault mail links it. */
const faultLink = (site: LinkSite) => ({ kind: 'fault', faultId: site.inner.faultId, exp: site.exp }) as const;
/** The site's network's record, linked as a report mail links it. */
const reportLink = (site: LinkSite) =>
  ({ kind: 'report', nid: site.nid, from: 0, to: site.exp, exp: site.exp }) as const;

/** The e-mail links: a forged one, or a true one of the other kind, opens nothing. */
export const emergencyLinks: ForeignLinks = [
  ['emergencyPublicFault', (site) => forgedEmergencyLink(faultLink(site))],
  ['emergencyPublicFault', (site) => forgedEmergencyLink({ ...faultLink(site), faultId: MISSING.faultId })],
  ['emergencyPublicFault', (site) => signEmergencyLink(site.ctx, reportLink(site))],
  ['emergencyPublicReport', (site) => forgedEmergencyLink(reportLink(site))],
  ['emergencyPublicReport', (site) => signEmergencyLink(site.ctx, faultLink(site))],
  // The equipment statistics issued with a report: a forged link, or a true one of no run of the project.
  ['reportRunEquipment', (site) => forgedEmergencyLink(reportLink(site))],
  ['reportRunEquipment', (site) => equipmentViewToken(site.ctx, { run: 999_984, pid: site.pid, exp: site.exp })],
];
