import { z } from 'zod';
import { IdSchema, multilineText, text } from '../schemas/common.ts';
import {
  ActionHoldSchema,
  ConfirmStateSchema,
  DurationKindSchema,
  EmergencyActionSchema,
  EmergencyLimits,
  EmergencyModeCodeSchema,
  EmergencyTypeSchema,
  FailureNameSchema,
  FaultEntryKindSchema,
  FaultStateSchema,
  GradeSchema,
  StaggerSplitSchema,
  StartSourceSchema,
  StatusBitNameSchema,
  TestKindSchema,
  WindowKindSchema,
} from './types.ts';

/* Shapes of the emergency calls (packages/domain/src/calls/emergency.ts); times are epoch seconds, UTC. */

const seconds = (what: string) => z.number().int().describe(`${what}: epoch seconds, UTC`);
const nullableSeconds = (what: string) => z.number().int().nullable().describe(`${what}: epoch seconds, UTC`);

/** Who did something: the user id (null once the account is gone) and the name kept with the record. */
export const ActorSchema = z.object({ uid: z.number().int().nullable(), name: z.string() });
export type Actor = z.infer<typeof ActorSchema>;

/** What an action or a schedule is for: fittings by device id, zones, groups, or the whole network. */
export const EmergencyTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fittings'), ids: z.array(IdSchema).min(1).max(5000) }),
  z.object({ kind: z.literal('zone'), ids: z.array(IdSchema).min(1).max(500) }),
  z.object({ kind: z.literal('group'), ids: z.array(IdSchema).min(1).max(500) }),
  z.object({ kind: z.literal('network') }),
]);
export type EmergencyTarget = z.infer<typeof EmergencyTargetSchema>;

/** The last result of one kind of test on a fitting. */
export const LastResultSchema = z.object({
  recordId: z.number().int(),
  grade: GradeSchema,
  at: seconds('Test ended (or window closed, for missed)'),
  /** Duration tests: minutes the fitting lasted on battery, and its rated minutes. */
  achievedMinutes: z.number().int().nullable(),
  ratedMinutes: z.number().int().nullable(),
  /** A duration test shorter than the rated duration: not the year's duration test (`isFullDurationTest`). */
  partial: z.boolean(),
  reasons: z.array(FailureNameSchema),
});
export type LastResult = z.infer<typeof LastResultSchema>;

/** One fitting on `/emergency/index` (element info). */
export const EmergencyElementSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  mac: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  emergencyType: EmergencyTypeSchema,
  online: z.boolean(),
  /** Mode code 0-10 (section 4), null before the first report. */
  mode: EmergencyModeCodeSchema.nullable(),
  /** Battery charge 0-100 %, null when unknown (DALI 255). */
  batteryPercent: z.number().int().min(0).max(100).nullable(),
  mainsPresent: z.boolean().nullable(),
  /** IEC 62386-202 emergency status byte and its set bits by name. */
  statusBits: z.number().int().min(0).max(255),
  status: z.array(StatusBitNameSchema),
  /** Failure status byte (section 4 fault bits) and its set bits by name. */
  failureBits: z.number().int().min(0).max(255),
  failures: z.array(FailureNameSchema),
  ratedMinutes: z.number().int().nullable(),
  lastFunction: LastResultSchema.nullable(),
  lastDuration: LastResultSchema.nullable(),
  /** Section 4 next check; null shows N/A. */
  nextCheck: nullableSeconds('Next scheduled monthly check'),
  /** After a duration test: the fitting gives reduced cover until recharged. */
  reducedCoverUntil: nullableSeconds('Recharged (full cover) from'),
  /** Inhibit asked until, and whether the fitting's 15-minute timer lapsed without renewal. */
  inhibitUntil: nullableSeconds('Inhibit ends'),
  inhibitLapsed: z.boolean(),
  /** A test the fitting holds pending or runs now. */
  testPending: TestKindSchema.nullable(),
  testRunning: TestKindSchema.nullable(),
  openFaults: z.number().int(),
  /** No valid passing result in the current monthly or yearly period that has ended. */
  overdue: z.boolean(),
  overdueKinds: z.array(TestKindSchema),
  lastReport: nullableSeconds('Last emergency report'),
});
export type EmergencyElement = z.infer<typeof EmergencyElementSchema>;

/** Filters of the element list. */
export const ELEMENT_FILTERS = ['all', 'fault', 'overdue', 'offline', 'testing', 'inhibited'] as const;
export const ElementFilterSchema = z.enum(ELEMENT_FILTERS);

/** Answer of an action preview: what a confirmation dialog says before an action runs. */
export const ActionPreviewSchema = z.object({
  action: EmergencyActionSchema,
  /** Emergency fittings the target covers, how many are online (will receive the command). */
  fittings: z.number().int(),
  online: z.number().int(),
  /** Fittings that will be on battery, and for how many minutes at most (null: until empty / unknown). */
  onBattery: z.number().int(),
  minutesOnBattery: z.number().int().nullable(),
  /** Fittings whose battery is not full: a duration test waits (pending) until charged. */
  notCharged: z.number().int(),
  /** Zones where more than one fitting would run a duration test at once (neighbours together). */
  neighbourZones: z.array(
    z.object({ zoneId: z.number().int().nullable(), name: z.string().nullable(), fittings: z.number().int() }),
  ),
  /** Duration tests: when full cover returns if the test runs now. */
  reducedCoverUntil: nullableSeconds('Recharged (full cover) from'),
  /** Inhibit: when it ends. Resume: fittings in a real emergency stay in it. */
  inhibitUntil: nullableSeconds('Inhibit ends'),
  inEmergency: z.number().int(),
  /** Fittings the action is not sent to, and why (resume: `inEmergency`); their task outcome says the same. */
  held: z.array(z.object({ deviceId: z.number().int(), name: z.string(), reason: ActionHoldSchema })),
});
export type ActionPreview = z.infer<typeof ActionPreviewSchema>;

/** Options of an action: duration test length and inhibit length. */
export const ActionOptionsShape = {
  durationKind: DurationKindSchema.optional(),
  /** Custom duration test minutes (durationKind custom). */
  durationMinutes: z.number().int().min(1).max(EmergencyLimits.maxDurationMinutes).optional(),
  /** Inhibit minutes (default 15, the DALI timer; longer ones are renewed by the console). */
  inhibitMinutes: z.number().int().min(1).max(EmergencyLimits.maxInhibitMinutes).optional(),
};

/** Answer of an action: its task (per-fitting outcomes via `taskGet`) and the fittings it covers. */
export const ActionResultSchema = z.object({ taskId: z.number().int(), fittings: z.number().int() });
export type ActionResult = z.infer<typeof ActionResultSchema>;

/** Minutes from midnight in the network's time zone. */
const minuteOfDay = z.number().int().min(0).max(1439).describe('Minutes from midnight, network time zone');

/** Fields of a self-test schedule a user sets (section 3 self-test schedule). */
export const EmergencyScheduleInputShape = {
  name: text(64, 1),
  enabled: z.boolean().default(true),
  /** function: monthly function test; duration: yearly duration test. */
  testKind: TestKindSchema,
  /** Day of the month 1-28 (every month for function tests). */
  day: z.number().int().min(1).max(28),
  /** Month 1-12 of the yearly duration test; ignored for function tests. */
  month: z.number().int().min(1).max(12).nullable().default(null),
  minuteOfDay,
  durationKind: DurationKindSchema.default('preset'),
  /** Minutes of a custom duration test. */
  durationMinutes: z.number().int().min(1).max(EmergencyLimits.maxDurationMinutes).nullable().default(null),
  /** Most minutes a fitting may hold the test pending before it is late (0-15). */
  maxDelayMinutes: z
    .number()
    .int()
    .min(0)
    .max(EmergencyLimits.maxTestDelayMinutes)
    .default(EmergencyLimits.maxTestDelayMinutes),
  stagger: StaggerSplitSchema.default('zone'),
  target: EmergencyTargetSchema.default({ kind: 'network' }),
};

/** A self-test schedule with its next run. */
export const EmergencyScheduleSchema = z.object({
  id: z.number().int(),
  nid: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  testKind: TestKindSchema,
  day: z.number().int(),
  month: z.number().int().nullable(),
  minuteOfDay: z.number().int(),
  durationKind: DurationKindSchema,
  durationMinutes: z.number().int().nullable(),
  maxDelayMinutes: z.number().int(),
  stagger: StaggerSplitSchema,
  target: EmergencyTargetSchema,
  nextRun: nullableSeconds('Next window opens'),
  createdBy: ActorSchema.nullable(),
  updateTime: seconds('Last changed'),
});
export type EmergencySchedule = z.infer<typeof EmergencyScheduleSchema>;

/** One stored test record (append-only; a correction is a new record with `correctsId`). */
export const TestRecordSchema = z.object({
  id: z.number().int(),
  nid: z.number().int(),
  networkName: z.string(),
  deviceId: z.number().int().nullable(),
  fittingName: z.string(),
  mac: z.string(),
  location: z.string().nullable(),
  zoneName: z.string().nullable(),
  kind: TestKindSchema,
  windowKind: WindowKindSchema,
  windowStart: nullableSeconds('Window opens'),
  windowEnd: nullableSeconds('Window closes'),
  startSource: StartSourceSchema,
  scheduleId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  /**
   * When the test was asked for: the console's task that sent it (null when the fitting started it
   * itself, or the task is no longer kept).
   */
  requestedAt: nullableSeconds('Test requested'),
  startedAt: nullableSeconds('Test started'),
  endedAt: nullableSeconds('Test ended'),
  grade: GradeSchema,
  failureBits: z.number().int(),
  reasons: z.array(FailureNameSchema),
  achievedMinutes: z.number().int().nullable(),
  ratedMinutes: z.number().int().nullable(),
  /**
   * A duration test shorter than the rated duration (a custom length): graded, but it neither fills the
   * year's duration test nor resets the duration-overdue clock (`isFullDurationTest`).
   */
  partial: z.boolean(),
  /** Stopped: by whom and when. */
  stoppedBy: ActorSchema.nullable(),
  stoppedAt: nullableSeconds('Stopped'),
  /** Voided: a retest was booked. */
  retestBooked: z.boolean(),
  correctsId: z.number().int().nullable(),
  remark: z.string(),
  timeZone: z.string(),
  createTime: seconds('Recorded'),
});
export type TestRecord = z.infer<typeof TestRecordSchema>;

/** One fault workflow entry (append-only; a correction is a new entry with `correctsId`). */
export const FaultEntrySchema = z.object({
  id: z.number().int(),
  kind: FaultEntryKindSchema,
  /** When the step was done (as entered), who did it (as entered) and the remark. */
  at: seconds('Done'),
  person: z.string(),
  remark: z.string(),
  by: ActorSchema.nullable(),
  testRecordId: z.number().int().nullable(),
  /** A retest result: the grade of the test that answered the retest; null for every other entry. */
  grade: GradeSchema.nullable(),
  correctsId: z.number().int().nullable(),
  createTime: seconds('Recorded'),
});
export type FaultEntry = z.infer<typeof FaultEntrySchema>;

/** Cause and advice of a failure bit, in the reader's language. */
export const FaultAdviceSchema = z.object({ failure: FailureNameSchema, cause: z.string(), advice: z.string() });

/** A fault with its workflow: the latest entry of each step, the confirmation and the retest. */
export const FaultSchema = z.object({
  id: z.number().int(),
  nid: z.number().int(),
  networkName: z.string(),
  deviceId: z.number().int().nullable(),
  fittingName: z.string(),
  mac: z.string(),
  location: z.string().nullable(),
  zoneName: z.string().nullable(),
  emergencyType: EmergencyTypeSchema,
  failureBits: z.number().int(),
  reasons: z.array(FailureNameSchema),
  advice: z.array(FaultAdviceSchema),
  testRecordId: z.number().int().nullable(),
  state: FaultStateSchema,
  openedAt: seconds('Fault logged'),
  closedAt: nullableSeconds('Fixed (retest passed)'),
  safeguard: FaultEntrySchema.nullable(),
  rectify: FaultEntrySchema.nullable(),
  verify: FaultEntrySchema.nullable(),
  confirmState: ConfirmStateSchema,
  confirm: FaultEntrySchema.nullable(),
  retest: z
    .object({ recordId: z.number().int().nullable(), grade: GradeSchema.nullable(), bookedAt: seconds('Booked') })
    .nullable(),
  entries: z.array(FaultEntrySchema),
  timeZone: z.string(),
});
export type Fault = z.infer<typeof FaultSchema>;

/** A fault workflow step as entered: when, who and a remark. */
export const FaultStepInputShape = {
  at: z.number().int().min(0).describe('Done: epoch seconds, UTC'),
  person: text(64, 1),
  remark: multilineText(1000).default(''),
};

/** One mode change of a fitting (model log). */
export const ModeChangeSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int().nullable(),
  fittingName: z.string(),
  location: z.string().nullable(),
  at: seconds('Changed'),
  fromMode: EmergencyModeCodeSchema.nullable(),
  toMode: EmergencyModeCodeSchema,
  statusBits: z.number().int(),
  failureBits: z.number().int(),
});
export type ModeChange = z.infer<typeof ModeChangeSchema>;

/** A month's cell of the schedule report: the grade of that window, or why there is none yet. */
export const ReportCellSchema = z.object({
  /** null: not due (window still open or in the future, or before the fitting existed). */
  grade: GradeSchema.nullable(),
  recordId: z.number().int().nullable(),
  at: nullableSeconds('Graded'),
});
export type ReportCell = z.infer<typeof ReportCellSchema>;

/** Schedule report (`/emergency/schedule/report`): fitting × month grades for a year. */
export const ScheduleReportSchema = z.object({
  year: z.number().int(),
  timeZone: z.string(),
  rows: z.array(
    z.object({
      deviceId: z.number().int().nullable(),
      fittingName: z.string(),
      location: z.string().nullable(),
      /** Twelve monthly function-test cells, January first. */
      monthly: z.array(ReportCellSchema).length(12),
      /** The yearly duration test cell. */
      yearly: ReportCellSchema,
    }),
  ),
});
export type ScheduleReport = z.infer<typeof ScheduleReportSchema>;

/** Overdue figures of one network. */
export const OverdueNetworkSchema = z.object({
  nid: z.number().int(),
  name: z.string(),
  pid: z.number().int(),
  fittings: z.number().int(),
  overdue: z.number().int(),
  overdueFunction: z.number().int(),
  overdueDuration: z.number().int(),
  failed: z.number().int(),
  openFaults: z.number().int(),
});
export type OverdueNetwork = z.infer<typeof OverdueNetworkSchema>;

/** The network as a report or export heads it. */
export const ReportNetworkSchema = z.object({
  nid: z.number().int(),
  name: z.string(),
  projectName: z.string(),
  timeZone: z.string(),
});

/** Which part of the record a print route or export covers. */
export const RECORD_PARTS = ['all', 'element', 'selfTest', 'schedule', 'fault'] as const;
export const RecordPartSchema = z.enum(RECORD_PARTS);

/** Which part of the record a printout covers. */
export type RecordPart = z.infer<typeof RecordPartSchema>;
/** A filter of the element list. */
export type ElementFilter = z.infer<typeof ElementFilterSchema>;
