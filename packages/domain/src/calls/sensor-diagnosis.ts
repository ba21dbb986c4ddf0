import { z } from 'zod';
import { Limits } from '../limits.ts';
import { IdSchema, PageSizeSchema } from '../schemas/common.ts';
import { pageSchema } from '../schemas/network.ts';
import { DIAGNOSIS_STATES, isDiagnosisRangeValid, SensorDiagnosis } from '../sensor-diagnosis/rules.ts';
import { type CallDef, defineCall, nothing } from './define.ts';
import { RuleMessages } from './input-problems.ts';

/** An instant, epoch seconds UTC, from 2000 to 2100. */
const EpochSecondsSchema = z.number().int().min(946_684_800).max(4_102_444_800);

/** State of a diagnosis task: waiting, executing, executed or canceled. */
export const DiagnosisStateSchema = z.enum(DIAGNOSIS_STATES);

/** A sensor trigger diagnosis task as listed (spec section 3: start time, end time, interval, status). */
export const DiagnosisTaskSchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  state: DiagnosisStateSchema,
  startTime: z.number().int().describe('Start: epoch seconds, UTC'),
  endTime: z.number().int().describe('End: epoch seconds, UTC'),
  interval: z.number().int().describe('Interval, duration in seconds (10 to 3600)'),
  /** True when the task watches every motion sensor the network had when it was created. */
  allSensors: z.boolean(),
  sensorCount: z.number().int(),
  createdBy: z.string().nullable().describe('Name of the member who created it; null when gone'),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
  cancelTime: z.number().int().nullable().describe('Canceled: epoch seconds, UTC; null unless canceled'),
});
export type DiagnosisTask = z.infer<typeof DiagnosisTaskSchema>;

/** One sensor's result: triggers per interval, first and last trigger, and its flags. */
export const DiagnosisSensorResultSchema = z.object({
  deviceId: IdSchema,
  name: z.string(),
  mac: z.string(),
  total: z
    .number()
    .int()
    .describe(
      'Triggers stamped in [start time, results until): the heat maps and sensorList count over the same hours',
    ),
  /** Intervals with triggers: `index` counts intervals from the start time (0 is the first). */
  buckets: z
    .array(z.object({ index: z.number().int(), count: z.number().int() }))
    .describe(
      'Intervals with triggers: a trigger counts at its stamp (the gateway event time) in [start + index × interval, start + (index + 1) × interval)',
    ),
  firstTime: z.number().int().nullable().describe('First trigger: epoch seconds, UTC'),
  lastTime: z.number().int().nullable().describe('Last trigger: epoch seconds, UTC'),
  peakPerMinute: z.number().describe('Most triggers within any 60 seconds'),
  neverTriggered: z.boolean(),
  chattering: z.boolean(),
});
export type DiagnosisSensorResult = z.infer<typeof DiagnosisSensorResultSchema>;

/** A task with its results per sensor (so far, while executing). */
export const DiagnosisDetailSchema = z.object({
  task: DiagnosisTaskSchema,
  /** Number of intervals from start to end. */
  bucketCount: z.number().int(),
  resultsUntil: z
    .number()
    .int()
    .describe('Results counted up to: epoch seconds, UTC (the end, the cancel time, or now while executing)'),
  /** The chatter threshold applied: more than this many triggers within 60 seconds. */
  chatterPerMinute: z.number().int(),
  sensors: z.array(DiagnosisSensorResultSchema),
});
export type DiagnosisDetail = z.infer<typeof DiagnosisDetailSchema>;

/** A motion sensor a new task may watch: a real (not virtual) motion sensor of the network. */
export const DiagnosisSensorOptionSchema = z.object({ id: IdSchema, name: z.string(), mac: z.string() });
export type DiagnosisSensorOption = z.infer<typeof DiagnosisSensorOptionSchema>;

const taskId = { taskId: IdSchema };

/**
 * Sensor trigger diagnosis tasks (spec sections 2-5; docs/decisions.md "Sensor trigger diagnosis"): every
 * member reads them, owners and installers create, cancel and delete them.
 */
export const sensorDiagnosisCalls = {
  diagnosisAdd: defineCall({
    path: '/api/v1/sensor/diagnosis/add',
    auth: true,
    tag: 'sensor',
    summary:
      'Create a diagnosis task for all or chosen motion sensors: start, end (default start + 1 h), interval 10 s to 1 h (owner, installer)',
    payload: {
      nid: IdSchema,
      startTime: EpochSecondsSchema.describe('Start: epoch seconds, UTC'),
      endTime: EpochSecondsSchema.optional().describe('End: epoch seconds, UTC; default the start plus 1 hour'),
      interval: z
        .number()
        .int()
        .min(SensorDiagnosis.intervalMinSeconds)
        .max(SensorDiagnosis.intervalMaxSeconds)
        .describe('Interval, duration in seconds'),
      /** Chosen sensors; left out for every motion sensor of the network. */
      sensorIds: z.array(IdSchema).min(1).max(SensorDiagnosis.maxSensors).optional(),
    },
    data: DiagnosisTaskSchema,
    refine: [
      (p) =>
        isDiagnosisRangeValid(p.startTime, p.endTime ?? p.startTime + SensorDiagnosis.defaultRangeSeconds, p.interval),
      RuleMessages.diagnosisRange,
    ],
  }),
  diagnosisSensorOptions: defineCall({
    path: '/api/v1/sensor/diagnosis/sensors',
    auth: true,
    tag: 'sensor',
    summary: 'The real motion sensors of a network a new task may watch, by name (every member)',
    payload: { nid: IdSchema },
    data: z.array(DiagnosisSensorOptionSchema),
  }),
  diagnosisList: defineCall({
    path: '/api/v1/sensor/diagnosis/list',
    auth: true,
    tag: 'sensor',
    summary: 'Diagnosis tasks of a network, newest first (every member; 1050 when none)',
    payload: {
      nid: IdSchema,
      page: z.number().int().min(1).max(100_000).default(1),
      pageSize: PageSizeSchema.default(Limits.defaultPageSize),
    },
    data: pageSchema(DiagnosisTaskSchema),
  }),
  diagnosisGet: defineCall({
    path: '/api/v1/sensor/diagnosis/get',
    auth: true,
    tag: 'sensor',
    summary: 'A diagnosis task with each sensor’s triggers per interval and its flags (every member)',
    payload: taskId,
    data: DiagnosisDetailSchema,
  }),
  diagnosisCancel: defineCall({
    path: '/api/v1/sensor/diagnosis/cancel',
    auth: true,
    tag: 'sensor',
    summary: 'Cancel a waiting or executing diagnosis task (owner, installer; 1083 when it has ended)',
    payload: taskId,
    data: DiagnosisTaskSchema,
  }),
  diagnosisDelete: defineCall({
    path: '/api/v1/sensor/diagnosis/delete',
    auth: true,
    tag: 'sensor',
    summary: 'Delete a diagnosis task and its results (owner, installer)',
    payload: taskId,
    data: nothing,
  }),
} satisfies Record<string, CallDef>;
