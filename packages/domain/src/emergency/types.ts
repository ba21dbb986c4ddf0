import { z } from 'zod';

/*
 * Emergency lighting vocabulary (spec sections 3 and 4; IEC 62386-202, DALI device type 1).
 * Names here are the contract between the server, the web pages, the simulator and gateways.
 */

/** Emergency type of a fitting (section 4): 0 none, 1 kind one (element type 6), 2 kind two (element type 11). */
export const EmergencyTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type EmergencyType = z.infer<typeof EmergencyTypeSchema>;

/**
 * Mode codes of an emergency element (section 4): 0-4 plain modes, 5-10 test modes where odd codes belong
 * to the monthly function test and even codes to the yearly duration test.
 */
export const EMERGENCY_MODES = [
  'normal',
  'emergency',
  'rest',
  'inhibit',
  'extendedEmergency',
  'functionTestRunning',
  'durationTestRunning',
  'functionTestPending',
  'durationTestPending',
  'functionTestDelayExceeded',
  'durationTestDelayExceeded',
] as const;
/** Name of a mode code 0-10. */
export type EmergencyModeName = (typeof EMERGENCY_MODES)[number];
/** A mode code 0-10 as gateways report it. */
export const EmergencyModeCodeSchema = z.number().int().min(0).max(10);

/** The two self-tests: the short monthly function test and the yearly full-duration test. */
export const TEST_KINDS = ['function', 'duration'] as const;
export const TestKindSchema = z.enum(TEST_KINDS);
export type TestKind = z.infer<typeof TestKindSchema>;

/**
 * Failure status bits (IEC 62386-202 FAILURE STATUS; section 4 fault bit codes 1…128), value → name.
 * 0 means normal.
 */
export const FAILURE_BITS = {
  circuit: 1,
  batteryDuration: 2,
  battery: 4,
  emergencyLamp: 8,
  functionTestDelayExceeded: 16,
  durationTestDelayExceeded: 32,
  functionTestFailed: 64,
  durationTestFailed: 128,
} as const;
/** Name of one failure bit. */
export type FailureName = keyof typeof FAILURE_BITS;
export const FAILURE_NAMES = Object.keys(FAILURE_BITS) as FailureName[];
export const FailureNameSchema = z.enum(FAILURE_NAMES as [FailureName, ...FailureName[]]);

/** Emergency status bits (IEC 62386-202 EMERGENCY STATUS), value → name. */
export const STATUS_BITS = {
  inhibit: 1,
  functionTestDone: 2,
  durationTestDone: 4,
  batteryFull: 8,
  functionTestPending: 16,
  durationTestPending: 32,
  identification: 64,
  physicallySelected: 128,
} as const;
/** Name of one status bit. */
export type StatusBitName = keyof typeof STATUS_BITS;
export const STATUS_BIT_NAMES = Object.keys(STATUS_BITS) as StatusBitName[];
export const StatusBitNameSchema = z.enum(STATUS_BIT_NAMES as [StatusBitName, ...StatusBitName[]]);

/**
 * The one final grade every test ends with (issue 14 "Schedules and grading"):
 * passed; passedLate (max delay exceeded); failed (reasons, achieved vs rated minutes); failedLate;
 * stopped (manually, who and when); missed (no valid result by the end of its window); voided (mains
 * lost during the test, a retest is booked).
 */
export const GRADES = ['passed', 'passedLate', 'failed', 'failedLate', 'stopped', 'missed', 'voided'] as const;
export const GradeSchema = z.enum(GRADES);
export type Grade = z.infer<typeof GradeSchema>;

/** Whether a grade counts as a valid passing result of its window. */
export const isPassingGrade = (grade: Grade) => grade === 'passed' || grade === 'passedLate';

/**
 * Why an action is not sent to a fitting (its outcome in the task): `inEmergency`, "resume normal" on a
 * fitting in a real emergency, which it never ends (docs/commands.md "Emergency actions").
 */
export const ACTION_HOLDS = ['inEmergency'] as const;
export const ActionHoldSchema = z.enum(ACTION_HOLDS);
export type ActionHold = z.infer<typeof ActionHoldSchema>;

/** What made a test start: a self-test schedule, a user, a fault's retest, the fitting's own timer. */
export const START_SOURCES = ['schedule', 'manual', 'retest', 'fitting', 'unknown'] as const;
export const StartSourceSchema = z.enum(START_SOURCES);
export type StartSource = z.infer<typeof StartSourceSchema>;

/** Which window a test record answers: the monthly or yearly window of a schedule, or none (manual, retest). */
export const WINDOW_KINDS = ['monthly', 'yearly', 'none'] as const;
export const WindowKindSchema = z.enum(WINDOW_KINDS);
export type WindowKind = z.infer<typeof WindowKindSchema>;

/** Actions on fittings (issue 14): function test, duration test, stop test, inhibit, resume normal. */
export const EMERGENCY_ACTIONS = ['functionTest', 'durationTest', 'stopTest', 'inhibit', 'resume'] as const;
export const EmergencyActionSchema = z.enum(EMERGENCY_ACTIONS);
export type EmergencyAction = z.infer<typeof EmergencyActionSchema>;

/**
 * How long a duration test runs (section 3 self-test schedule): until a preset time (the fitting's rated
 * duration), until the battery is empty, or a custom number of minutes.
 */
export const DURATION_KINDS = ['preset', 'batteryEmpty', 'custom'] as const;
export const DurationKindSchema = z.enum(DURATION_KINDS);
export type DurationKind = z.infer<typeof DurationKindSchema>;

/** How a network's fittings are split so neighbours never run a duration test together. */
export const STAGGER_SPLITS = ['zone', 'group', 'alternate'] as const;
export const StaggerSplitSchema = z.enum(STAGGER_SPLITS);
export type StaggerSplit = z.infer<typeof StaggerSplitSchema>;

/** Steps of the fault workflow (section 4): safeguard → rectify → verify, then confirm. */
export const FAULT_STEPS = ['safeguard', 'rectify', 'verify'] as const;
export const FaultStepSchema = z.enum(FAULT_STEPS);
export type FaultStep = z.infer<typeof FaultStepSchema>;

/**
 * Kinds of fault workflow entries: the three steps, confirm and a change of confirmation (by the
 * confirmer), a booked retest and its result, the fault opened and closed.
 */
export const FAULT_ENTRY_KINDS = [
  'opened',
  'safeguard',
  'rectify',
  'verify',
  'confirm',
  'confirmUpdate',
  'retestBooked',
  'retestResult',
  'closed',
] as const;
export const FaultEntryKindSchema = z.enum(FAULT_ENTRY_KINDS);
export type FaultEntryKind = z.infer<typeof FaultEntryKindSchema>;

/** Where a fault stands: open, waiting for the retest after verification, or closed by a passing retest. */
export const FAULT_STATES = ['open', 'awaitingRetest', 'closed'] as const;
export const FaultStateSchema = z.enum(FAULT_STATES);
export type FaultState = z.infer<typeof FaultStateSchema>;

/** Section 4 failure confirm: to be confirmed, confirmed. */
export const CONFIRM_STATES = ['toBeConfirmed', 'confirmed'] as const;
export const ConfirmStateSchema = z.enum(CONFIRM_STATES);
export type ConfirmState = z.infer<typeof ConfirmStateSchema>;

/** IEC 62386-202 numbers the rules use. */
export const EmergencyLimits = {
  /** Spec section 5: max test delay 15 minutes. */
  maxTestDelayMinutes: 15,
  /** DALI INHIBIT timer: 15 minutes. */
  inhibitMinutes: 15,
  /** Longest inhibit a user may ask for: 180 h 59 min (the console renews the 15-minute timer). */
  maxInhibitMinutes: 180 * 60 + 59,
  /** Duration results count in 2-minute steps; 255 means 510 minutes or more. */
  durationStepMinutes: 2,
  durationResultMax: 255,
  /** Battery charge byte: 0 deep discharge, 254 full, 255 unknown. */
  batteryFull: 254,
  batteryUnknown: 255,
  /** Hours to recharge a fitting from empty (reduced cover after a duration test). */
  rechargeHours: 24,
  /** Longest custom duration test, minutes. */
  maxDurationMinutes: 510,
  /** Record retention in years (docs/decisions.md "Emergency lighting"). */
  retentionYears: 5,
} as const;
