import type { z } from 'zod';
import { backupCalls } from './backup.ts';
import { controlCalls } from './control.ts';
import { deviceCalls } from './device.ts';
import { emergencyCalls } from './emergency.ts';
import { energyCalls } from './energy.ts';
import { energyBaseCalls } from './energy-base.ts';
import { equipmentCalls } from './equipment.ts';
import { fileCalls } from './file.ts';
import { gatewayCalls } from './gateway.ts';
import { groupCalls } from './group.ts';
import { networkCalls } from './network.ts';
import { profileCalls } from './profile.ts';
import { projectCalls } from './project.ts';
import { reportCalls } from './report.ts';
import { reportCycleCalls } from './report-cycle.ts';
import { reportSetupCalls } from './report-setup.ts';
import { sceneCalls } from './scene.ts';
import { scheduleCalls } from './schedule.ts';
import { screenCalls } from './screen.ts';
import { sensorDiagnosisCalls } from './sensor-diagnosis.ts';
import { shareCalls } from './share.ts';
import { userCalls } from './user.ts';
import { zoneCalls } from './zone.ts';

export { type CallRoute, callRoute, callRoutes, FILE_DOWNLOAD_PATH, FILE_UPLOAD_PATH } from './call-routes.ts';
export {
  type ControlTarget,
  ControlTargetSchema,
  LightSettingsShape,
  ProjectControlResultSchema,
  type TaskDetail,
  TaskDetailSchema,
  type TaskDevice,
  TaskDeviceSchema,
} from './control.ts';
export { type CallDef, defineCall } from './define.ts';
export {
  type Co2Set,
  Co2SetSchema,
  type Coverage,
  CoverageSchema,
  ENERGY_SPANS,
  type EnergyFigures,
  EnergyFiguresSchema,
  EnergyPeriodSchema,
  type EnergySpan,
  EnergySpanSchema,
  type HeatMap,
  HeatMapSchema,
  type HeatRow,
  HeatRowSchema,
  type NetworkEnergy,
  NetworkEnergySchema,
  type Portfolio,
  PortfolioSchema,
  SourceWhSchema,
  spanOf,
} from './energy.ts';
export {
  type EnergyBase,
  EnergyBaseSchema,
  type EstimateDefaults,
  EstimateDefaultsSchema,
  FactorSetIdSchema,
  type TariffBandRecord,
  type TariffVersionAdd,
  TariffVersionAddSchema,
  type TariffVersionRow,
  TariffVersionRowSchema,
} from './energy-base.ts';
export {
  type FileDownloadLink,
  FileDownloadLinkSchema,
  FileNameSchema,
  fileDownload,
  fileUpload,
  ImageUpload,
  type UploadedFile,
  UploadedFileSchema,
} from './file.ts';
export {
  DeviceStateSchema,
  type Gateway,
  GatewayDiagnosisSchema,
  GatewayRealDeviceSchema,
  GatewaySchema,
  GatewaySnSchema,
  GatewayTypeSchema,
  GatewayWithSecretSchema,
  type MeshCallName,
  meshCalls,
} from './gateway.ts';
export {
  INPUT_RULES,
  type InputIssue,
  type InputProblem,
  type InputRule,
  inputProblems,
  RuleMessages,
} from './input-problems.ts';
export {
  type DeviceReport,
  type DeviceReportDay,
  DeviceReportDaySchema,
  type DeviceReportRow,
  DeviceReportRowSchema,
  DeviceReportSchema,
  type DeviceReportTarget,
  DeviceReportTargetSchema,
  type DownloadPeriod,
  DownloadPeriodSchema,
  downloadPeriodIn,
  localRangeOf,
  REPORT_FORMATS,
  REPORT_KINDS,
  REPORT_SECTIONS,
  REPORT_STATES,
  type ReportFormat,
  type ReportJob,
  ReportJobSchema,
  type ReportKind,
  ReportLimits,
  type ReportSection,
  type ReportState,
} from './report.ts';
export {
  DisplayKeySchema,
  type DisplayToken,
  DisplayTokenSchema,
  DisplayTokenWithKeySchema,
  type ScreenSnapshot,
  ScreenSnapshotSchema,
  ScreenZoneSchema,
} from './screen.ts';
export {
  type DiagnosisDetail,
  DiagnosisDetailSchema,
  type DiagnosisSensorOption,
  DiagnosisSensorOptionSchema,
  type DiagnosisSensorResult,
  DiagnosisSensorResultSchema,
  DiagnosisStateSchema,
  type DiagnosisTask,
  DiagnosisTaskSchema,
} from './sensor-diagnosis.ts';

/** Every call served by this version, keyed by a stable name used by server handlers and web hooks. */
export const calls = {
  ...userCalls,
  ...projectCalls,
  ...networkCalls,
  ...shareCalls,
  ...zoneCalls,
  ...deviceCalls,
  ...gatewayCalls,
  ...fileCalls,
  ...backupCalls,
  ...controlCalls,
  ...profileCalls,
  ...groupCalls,
  ...sceneCalls,
  ...scheduleCalls,
  ...screenCalls,
  ...energyCalls,
  ...energyBaseCalls,
  ...sensorDiagnosisCalls,
  ...emergencyCalls,
  ...reportSetupCalls,
  ...reportCalls,
  ...reportCycleCalls,
  ...equipmentCalls,
};

/** Name of a call in the registry. */
export type CallName = keyof typeof calls;
/** Payload a client sends for a call (without the envelope). */
export type CallInput<N extends CallName> = z.input<z.ZodObject<(typeof calls)[N]['payload']>>;
/** Validated payload a handler receives. */
export type CallPayload<N extends CallName> = z.output<z.ZodObject<(typeof calls)[N]['payload']>>;
/** `data` of a successful answer. */
export type CallData<N extends CallName> = z.output<(typeof calls)[N]['data']>;
