// Isolation cases of energy figures and heat maps, tariffs, sensor diagnosis, report setup and recipients,
// report cycles, report downloads and equipment statistics (the calls of packages/domain/src/calls/ energy,
// energy-base, sensor-diagnosis, report-setup, report-cycle, report and equipment).
import type { ForeignCalls } from './walk.ts';

const emptyHeader = {
  companyTitle: '',
  signatoryName: '',
  signatoryRole: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
};

/** Every call of the area that names a project or a network, with a payload aimed at someone else's ids. */
export const reportCases: ForeignCalls = (pid, nid, inner) => [
  ['zoneHeatSensor', { nid, span: '7d' }],
  ['zoneHeatPower', { nid, span: '7d' }],
  ['deviceHeatSensor', { nid, span: '7d' }],
  ['deviceHeatPower', { nid, span: '7d' }],
  ['networkEnergy', { nid, span: '7d' }],
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
  ['recipientUpdate', { pid, recipients: [{ email: 'planted@example.com', language: 'en', kinds: ['energyReport'] }] }],
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
];
