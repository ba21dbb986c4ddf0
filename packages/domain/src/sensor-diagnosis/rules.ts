/**
 * Sensor trigger diagnosis (spec sections 2, 3, 5): a task watches motion sensors of a network from a
 * start to an end time and counts their triggers per interval; each sensor is then flagged when it never
 * triggered or when it chatters. docs/decisions.md "Sensor trigger diagnosis" explains the thresholds.
 */
export const SensorDiagnosis = {
  /** Shortest interval (section 5: 10 s). */
  intervalMinSeconds: 10,
  /** Longest interval (section 5: 1 hour). */
  intervalMaxSeconds: 3600,
  /** Range when no end time is given (section 5: default range 1 hour). */
  defaultRangeSeconds: 3600,
  /** Most intervals one task may hold: four hours at 10 s, 60 days at 1 hour. */
  maxBuckets: 1440,
  /**
   * A sensor chatters when it triggers more often than this within any 60 seconds. A motion sensor holds
   * presence for its presence time (profiles: 30 s to 120 s, at least 10 s in practice) before it can
   * report again, so even a busy corridor gives at most a few triggers a minute.
   */
  chatterPerMinute: 6,
  /** Sensors a task may name (the rest of a network's sensors are left out). */
  maxSensors: 500,
} as const;

/** States of a diagnosis task (section 4 task states: waiting for execution, executing, executed, canceled). */
export const DIAGNOSIS_STATES = ['waiting', 'executing', 'executed', 'canceled'] as const;
/** One state of a diagnosis task. */
export type DiagnosisState = (typeof DIAGNOSIS_STATES)[number];

/** Number of intervals from `start` to `end` (epoch seconds); the last may be shorter than `interval`. */
export function bucketCount(start: number, end: number, interval: number): number {
  if (end <= start || interval <= 0) return 0;
  return Math.ceil((end - start) / interval);
}

/** The end time of a task: the one given, else the start plus the default range of one hour (section 5). */
export function diagnosisEnd(start: number, end: number | undefined): number {
  return end ?? start + SensorDiagnosis.defaultRangeSeconds;
}

/**
 * Whether a task's range is acceptable (section 5): the end after the start, and at most
 * {@link SensorDiagnosis.maxBuckets} intervals from start to end.
 */
export function isDiagnosisRangeValid(start: number, end: number, interval: number): boolean {
  return end > start && bucketCount(start, end, interval) <= SensorDiagnosis.maxBuckets;
}

/** The state a task is in at `now` by its times alone, unless it was canceled. */
export function diagnosisStateAt(start: number, end: number, now: number): Exclude<DiagnosisState, 'canceled'> {
  if (now >= end) return 'executed';
  return now >= start ? 'executing' : 'waiting';
}

/** What the stored triggers say about one sensor over a task's range. */
export interface SensorTriggerFigures {
  /** Triggers in the whole range. */
  total: number;
  /** Most triggers within any 60 seconds (a readings report's triggers spread over its interval). */
  peakPerMinute: number;
}

/** The flags of one sensor's result. */
export interface SensorFlags {
  /** No trigger in the whole range; only said once the range has been watched to its end. */
  neverTriggered: boolean;
  /** More than {@link SensorDiagnosis.chatterPerMinute} triggers within some 60 seconds. */
  chattering: boolean;
}

/** Flags a sensor from its figures; `finished` says the task's range is over (executed or canceled). */
export function flagSensor(figures: SensorTriggerFigures, finished: boolean): SensorFlags {
  return {
    neverTriggered: finished && figures.total === 0,
    chattering: figures.peakPerMinute > SensorDiagnosis.chatterPerMinute,
  };
}

/**
 * Triggers per minute of a readings report that counted `triggers` over `spanSeconds` (the time since the
 * sensor's previous report): the whole count when the span is a minute or less, else its rate per minute.
 * Without a previous report the span is unknown and the report cannot show chatter (0).
 */
export function readingsPerMinute(triggers: number, spanSeconds: number | null): number {
  if (spanSeconds === null) return 0;
  if (spanSeconds <= 60) return triggers;
  return (triggers * 60) / spanSeconds;
}
