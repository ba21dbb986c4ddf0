import { z } from 'zod';
import {
  ActionOptionsShape,
  ActionPreviewSchema,
  ActionResultSchema,
  ElementFilterSchema,
  EmergencyElementSchema,
  EmergencyScheduleInputShape,
  EmergencyScheduleSchema,
  EmergencyTargetSchema,
  FaultSchema,
  FaultStepInputShape,
  ModeChangeSchema,
  OverdueNetworkSchema,
  RecordPartSchema,
  ReportNetworkSchema,
  ScheduleReportSchema,
  TestRecordSchema,
} from '../emergency/schemas.ts';
import { EmergencyActionSchema, FaultStepSchema, GradeSchema, TestKindSchema } from '../emergency/types.ts';
import { Limits } from '../limits.ts';
import { IdSchema, multilineText, PageSizeSchema } from '../schemas/common.ts';
import { pageSchema } from '../schemas/network.ts';
import { type CallDef, defineCall, patchShape, setsAny } from './define.ts';
import { RuleMessages } from './input-problems.ts';

/*
 * Emergency lighting (spec sections 2-5; docs/api.md "Emergency lighting"; docs/decisions.md "Emergency
 * lighting"). Reading calls: every member of the network (a foreign or unknown network answers 1013).
 * Actions, schedules and the fault workflow: owner and installer (a sub-user gets 1013).
 * Times are epoch seconds, UTC; day/time fields of schedules are in the network's time zone.
 */

const nid = { nid: IdSchema };
const paging = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: PageSizeSchema.default(Limits.defaultPageSize),
};
/** A period [from, to) in epoch seconds; to after from, at most six years. */
const period = {
  from: z.number().int().min(0).describe('Period start: epoch seconds, UTC'),
  to: z.number().int().min(0).describe('Period end (exclusive): epoch seconds, UTC'),
};
const SIX_YEARS = 6 * 366 * 86_400;
const periodRule: [(p: { from?: number; to?: number }) => boolean, string] = [
  (p) => p.from === undefined || p.to === undefined || (p.to > p.from && p.to - p.from <= SIX_YEARS),
  RuleMessages.period,
];
const optionalPeriod = { from: period.from.optional(), to: period.to.optional() };
const faultId = { faultId: IdSchema };
/** The signed link from an e-mail (its token; records service). */
const link = { link: z.string().min(16).max(2048) };

/** A self-test-and-fault report as a public e-mail link shows it. */
const PublicReportSchema = z.object({
  network: ReportNetworkSchema,
  from: z.number().int().describe('Period start: epoch seconds, UTC'),
  to: z.number().int().describe('Period end: epoch seconds, UTC'),
  tests: z.array(TestRecordSchema),
  faults: z.array(FaultSchema),
});

/**
 * Every emergency call. Result codes besides 0, 1001 (bad input), 1012 (session) and 1013 (no permission,
 * foreign or unknown network, fitting, schedule or fault) are named per call.
 */
export const emergencyCalls = {
  /** `/emergency/index`: fittings of a network with state, last results, next check, faults, overdue. 1050 when none. */
  emergencyElementList: defineCall({
    path: '/api/v1/emergency/element/list',
    auth: true,
    tag: 'emergency',
    summary:
      'Emergency fittings of a network: mode, battery, status and failure bits, last results, next check, inhibit, faults, overdue (every member; 1050 when none)',
    payload: {
      ...nid,
      ...paging,
      filter: ElementFilterSchema.default('all'),
      zoneId: IdSchema.optional(),
      groupId: IdSchema.optional(),
      search: z.string().max(64).optional(),
    },
    data: pageSchema(EmergencyElementSchema).extend({ timeZone: z.string() }),
  }),
  /** Confirmation text of an action: how many fittings go on battery and for how long. 1071 when the target holds no fitting. */
  emergencyActionPreview: defineCall({
    path: '/api/v1/emergency/action/preview',
    auth: true,
    tag: 'emergency',
    summary:
      'What an emergency action would do: fittings covered, on battery and for how long, neighbours together, reduced cover (owner, installer; 1071 no fitting)',
    payload: { ...nid, target: EmergencyTargetSchema, action: EmergencyActionSchema, ...ActionOptionsShape },
    data: ActionPreviewSchema,
  }),
  /**
   * Function test, duration test, stop test, inhibit or resume normal on fittings, zones, groups or the
   * network, as a task (docs/commands.md); outcomes per fitting via `taskGet`. Refusals 1070-1075 as for
   * light commands, 1071 when the target holds no fitting. Resume never ends a real emergency.
   */
  emergencyAction: defineCall({
    path: '/api/v1/emergency/action',
    auth: true,
    tag: 'emergency',
    summary:
      'Run an emergency action as a task: functionTest, durationTest, stopTest, inhibit, resume (owner, installer; 1070-1075)',
    payload: {
      ...nid,
      gatewayId: IdSchema.optional(),
      target: EmergencyTargetSchema,
      action: EmergencyActionSchema,
      ...ActionOptionsShape,
    },
    data: ActionResultSchema,
  }),
  /** `/emergency/self/test/schedules/info`: the network's self-test schedules and its time zone. 1050 when none. */
  emergencyScheduleList: defineCall({
    path: '/api/v1/emergency/schedule/list',
    auth: true,
    tag: 'emergency',
    summary:
      "Self-test schedules of a network with their next run, and the network's time zone (every member; 1050 when none)",
    payload: nid,
    data: z.object({ timeZone: z.string(), list: z.array(EmergencyScheduleSchema) }),
  }),
  /** Adds a monthly function test or yearly duration test schedule. */
  emergencyScheduleAdd: defineCall({
    path: '/api/v1/emergency/schedule/add',
    auth: true,
    tag: 'emergency',
    summary:
      'Add a self-test schedule: monthly function test or yearly duration test, stagger split (owner, installer)',
    payload: { ...nid, ...EmergencyScheduleInputShape },
    data: EmergencyScheduleSchema,
    refine: [(p) => p.testKind === 'function' || p.month !== null, RuleMessages.yearlyMonth],
  }),
  /** Replaces a schedule's fields. */
  emergencyScheduleUpdate: defineCall({
    path: '/api/v1/emergency/schedule/update',
    auth: true,
    tag: 'emergency',
    summary: 'Change the fields given of a self-test schedule; the others keep their values (owner, installer)',
    payload: { scheduleId: IdSchema, ...patchShape(EmergencyScheduleInputShape) },
    data: EmergencyScheduleSchema,
    refine: [(p) => setsAny(p, EmergencyScheduleInputShape), RuleMessages.nothingToChange],
  }),
  /** Deletes a schedule; its records stay. */
  emergencyScheduleDelete: defineCall({
    path: '/api/v1/emergency/schedule/delete',
    auth: true,
    tag: 'emergency',
    summary: 'Delete a self-test schedule; records it produced stay (owner, installer)',
    payload: { scheduleId: IdSchema },
    data: z.null(),
  }),
  /** `/emergency/schedule/report`: fitting × month grade matrix of a year (missed, never blank, once a window closed). */
  emergencyScheduleReport: defineCall({
    path: '/api/v1/emergency/schedule/report',
    auth: true,
    tag: 'emergency',
    summary:
      'Fitting × month grades of a year: monthly function tests and the yearly duration test (every member; 1050 when no fitting)',
    payload: { ...nid, year: z.number().int().min(2000).max(2100) },
    data: ScheduleReportSchema,
  }),
  /** `/emergency/self/test/log`: test records, newest first. 1050 when none. */
  emergencyTestLog: defineCall({
    path: '/api/v1/emergency/test/log',
    auth: true,
    tag: 'emergency',
    summary:
      'Self-test records of a network, newest first, by period, grade, kind and fitting (every member; 1050 when none)',
    payload: {
      ...nid,
      ...paging,
      ...optionalPeriod,
      grade: GradeSchema.optional(),
      kind: TestKindSchema.optional(),
      deviceId: IdSchema.optional(),
    },
    data: pageSchema(TestRecordSchema),
    refine: periodRule,
  }),
  /** Adds a remark to a test record as a new record that references it (the old one never changes). */
  emergencyTestCorrect: defineCall({
    path: '/api/v1/emergency/test/correct',
    auth: true,
    tag: 'emergency',
    summary:
      'Correct a test record: a new record referencing the old one, with the remark; the grade stays (owner, installer)',
    payload: { recordId: IdSchema, remark: multilineText(1000).pipe(z.string().min(1)) },
    data: TestRecordSchema,
  }),
  /** `/emergency/model/log`: mode changes per fitting, newest first. 1050 when none. */
  emergencyModeLog: defineCall({
    path: '/api/v1/emergency/mode/log',
    auth: true,
    tag: 'emergency',
    summary: 'Mode changes of the fittings of a network, newest first (every member; 1050 when none)',
    payload: { ...nid, ...paging, ...optionalPeriod, deviceId: IdSchema.optional() },
    data: pageSchema(ModeChangeSchema),
    refine: periodRule,
  }),
  /** `/emergency/fault/log`: faults with their workflow, newest first. 1050 when none. */
  emergencyFaultLog: defineCall({
    path: '/api/v1/emergency/fault/log',
    auth: true,
    tag: 'emergency',
    summary: 'Faults of a network with their workflow, newest first; open or closed (every member; 1050 when none)',
    payload: {
      ...nid,
      ...paging,
      ...optionalPeriod,
      state: z.enum(['all', 'open', 'closed']).default('all'),
      deviceId: IdSchema.optional(),
    },
    data: pageSchema(FaultSchema),
    refine: periodRule,
  }),
  /**
   * Records a workflow step (safeguard, rectify, verify) with time, person and remark; `correctsId`
   * makes it a correction of an earlier entry. Verify books a retest of the fitting. 1102 when closed.
   */
  emergencyFaultStep: defineCall({
    path: '/api/v1/emergency/fault/step',
    auth: true,
    tag: 'emergency',
    summary: 'Record safeguard, rectify or verify on a fault (verify books a retest) (owner, installer; 1102 closed)',
    payload: { ...faultId, step: FaultStepSchema, ...FaultStepInputShape, correctsId: IdSchema.optional() },
    data: FaultSchema,
  }),
  /** Confirms a fault's workflow: 1100 until safeguard and rectification are filled; 1103 when already confirmed. */
  emergencyFaultConfirm: defineCall({
    path: '/api/v1/emergency/fault/confirm',
    auth: true,
    tag: 'emergency',
    summary: 'Confirm a fault (refused with 1100 until safeguard and rectify are filled) (owner, installer)',
    payload: { ...faultId, remark: multilineText(1000).default('') },
    data: FaultSchema,
  }),
  /** Changes a confirmation (a new entry): only the confirmer may (1101); 1104 when not confirmed yet. */
  emergencyFaultConfirmUpdate: defineCall({
    path: '/api/v1/emergency/fault/confirm/update',
    auth: true,
    tag: 'emergency',
    summary:
      'Change a confirmation: remark or withdraw (only the confirmer, else 1101); no remark keeps the standing one',
    payload: { ...faultId, confirmed: z.boolean(), remark: multilineText(1000).optional() },
    data: FaultSchema,
  }),
  /** "Retest failed fittings": a function test of every fitting of the network whose last test failed. 1071 when none. */
  emergencyRetestFailed: defineCall({
    path: '/api/v1/emergency/retest/failed',
    auth: true,
    tag: 'emergency',
    summary:
      'Retest the fittings of a network whose last test failed or that hold an open fault (owner, installer; 1071 none)',
    payload: { ...nid, kind: TestKindSchema.default('function'), gatewayId: IdSchema.optional() },
    data: ActionResultSchema,
  }),
  /** Print routes `/emergency/element/report` and its `/self/test`, `/schedule`, `/fault` variants: the data of one printout. */
  emergencyReport: defineCall({
    path: '/api/v1/emergency/report',
    auth: true,
    tag: 'emergency',
    summary:
      'Data of an emergency printout: elements, test records, schedule matrix and faults of a period (every member)',
    payload: { ...nid, ...period, part: RecordPartSchema.default('all') },
    data: z.object({
      network: ReportNetworkSchema,
      from: z.number().int(),
      to: z.number().int(),
      generatedAt: z.number().int().describe('Generated: epoch seconds, UTC'),
      elements: z.array(EmergencyElementSchema),
      tests: z.array(TestRecordSchema),
      faults: z.array(FaultSchema),
      schedule: z.array(ScheduleReportSchema),
    }),
    refine: periodRule,
  }),
  /**
   * The inspector's export of a network and period, PDF or CSV. A period without a test record still gives
   * a file: its months count every fitting without a valid test.
   */
  emergencyRecordExport: defineCall({
    path: '/api/v1/emergency/record/export',
    auth: true,
    tag: 'emergency',
    summary: "Export a network's emergency record for a period as PDF or CSV (every member)",
    payload: { ...nid, ...period, format: z.enum(['pdf', 'csv']) },
    data: z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() }),
    refine: periodRule,
  }),
  /** Overdue fittings per network, for `/first/index` and the network overview; one project or all of the caller's. */
  emergencyOverdueSummary: defineCall({
    path: '/api/v1/emergency/overdue/summary',
    auth: true,
    tag: 'emergency',
    summary: "Overdue and failed fittings and open faults per network of a project, or of all the caller's networks",
    payload: { pid: IdSchema.optional(), nid: IdSchema.optional() },
    data: z.object({
      networks: z.array(OverdueNetworkSchema),
      totals: OverdueNetworkSchema.omit({ nid: true, name: true, pid: true }),
    }),
  }),
  /** Public `/not/token/emergency/fault`: one fault reached through a signed, expiring e-mail link. 1065 when invalid. */
  emergencyPublicFault: defineCall({
    path: '/api/v1/emergency/public/fault',
    auth: false,
    tag: 'emergency',
    summary: 'One fault report from a signed, expiring e-mail link (no session; 1065 invalid or expired)',
    payload: link,
    data: z.object({ network: ReportNetworkSchema, fault: FaultSchema }),
  }),
  /** Public `/not/token/emailReport/selfTestAndFault`: a self-test and fault report from a signed e-mail link. 1065 when invalid. */
  emergencyPublicReport: defineCall({
    path: '/api/v1/emergency/public/report',
    auth: false,
    tag: 'emergency',
    summary: 'A self-test and fault report from a signed, expiring e-mail link (no session; 1065 invalid or expired)',
    payload: link,
    data: PublicReportSchema,
  }),
} satisfies Record<string, CallDef>;
