import { z } from 'zod';
import { localDateOf, type Period, periodEndingAt, startOfLocalDay } from '../energy/periods.ts';
import { ENERGY_SOURCES } from '../energy/source-priority.ts';
import { addDays } from '../schedules/zoned-time.ts';
import { IdSchema } from '../schemas/common.ts';
import { LocalDateStringSchema } from '../schemas/energy.ts';
import { type CallDef, defineCall } from './define.ts';
import { EnergySpanSchema, SourceWhSchema, spanOf } from './energy.ts';
import { RuleMessages } from './input-problems.ts';

/** Sections a project report may hold (`/project/report/download`, 2-3). */
export const REPORT_SECTIONS = ['energy', 'cost', 'co2', 'emergency', 'equipment'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
/** File formats of a report. */
export const REPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** What a report is of: a project (2-3) or devices of a network (2-4). */
export const REPORT_KINDS = ['project', 'device'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/**
 * States of a report job (docs/decisions.md "Report downloads"): `queued` until a server process claims it,
 * `running` while one builds it (claimed again when that process stops answering), then `done` or `failed`.
 */
export const REPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Limits of report downloads. */
export const ReportLimits = {
  /** A finished report is kept this many days after it was made, then purged. */
  retentionDays: 30,
  /** Longest custom range, in local days. */
  maxRangeDays: 366,
  /** Reports a user may have queued or running at once. */
  maxPending: 3,
  /** Networks a project report may name. */
  maxNetworks: 100,
  /** Zones or devices a device report may name. */
  maxTargets: 2000,
} as const;

/** Days from `from` to `to` inclusive, both `YYYY-MM-DD`. */
function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The period of a report: a section-9 span ending with the unit holding `until` (the moment the report was
 * asked for unless given, as the statistics screens count it), or a custom range of whole local days, both
 * ends included, in each network's own time zone.
 */
export const DownloadPeriodSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('span'),
    span: EnergySpanSchema,
    until: z.number().int().positive().optional().describe('Period ends with the unit holding this: epoch seconds'),
  }),
  z
    .strictObject({
      kind: z.literal('range'),
      from: LocalDateStringSchema.describe('First local day (site zone)'),
      to: LocalDateStringSchema.describe('Last local day, included'),
    })
    .refine((range) => range.from <= range.to && daysInRange(range.from, range.to) <= ReportLimits.maxRangeDays, {
      message: RuleMessages.reportRange,
      path: ['to'],
    }),
]);
export type DownloadPeriod = z.infer<typeof DownloadPeriodSchema>;

/**
 * The instants of a report period in one network's zone: a span as `periodEndingAt` takes it (the statistics
 * screens' rule), a range from the start of its first local day to the start of the day after its last.
 */
export function downloadPeriodIn(period: DownloadPeriod, timeZone: string, requestedAt: number): Period {
  if (period.kind === 'span') return periodEndingAt(period.until ?? requestedAt, spanOf(period.span), timeZone);
  const [fy, fm, fd] = period.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = period.to.split('-').map(Number) as [number, number, number];
  return {
    start: startOfLocalDay({ year: fy, month: fm, day: fd }, timeZone),
    end: startOfLocalDay(addDays({ year: ty, month: tm, day: td }, 1), timeZone),
  };
}

/** The local dates (`YYYY-MM-DD`) a period starts on and ends on (its last instant), in a zone. */
export function localRangeOf(period: Period, timeZone: string): { from: string; to: string } {
  const text = (at: number) => {
    const { year, month, day } = localDateOf(at, timeZone);
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  };
  return { from: text(period.start), to: text(Math.max(period.start, period.end - 1)) };
}

/** Which devices of a network a device report covers: the whole network, some zones or some devices. */
export const DeviceReportTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('network') }),
  z.strictObject({
    kind: z.literal('zones'),
    ids: z
      .array(IdSchema)
      .min(1)
      .max(ReportLimits.maxTargets)
      .refine((ids) => new Set(ids).size === ids.length, { message: RuleMessages.duplicate }),
  }),
  z.strictObject({
    kind: z.literal('devices'),
    ids: z
      .array(IdSchema)
      .min(1)
      .max(ReportLimits.maxTargets)
      .refine((ids) => new Set(ids).size === ids.length, { message: RuleMessages.duplicate }),
  }),
]);
export type DeviceReportTarget = z.infer<typeof DeviceReportTargetSchema>;

const epoch = (what: string) => z.number().int().describe(`${what}: epoch seconds, UTC`);

/** A report job as a member of its networks sees it in the list. */
export const ReportJobSchema = z.object({
  id: IdSchema,
  kind: z.enum(REPORT_KINDS),
  pid: IdSchema,
  projectName: z.string(),
  networks: z.array(z.object({ nid: IdSchema, name: z.string(), timeZone: z.string() })),
  /** Who asked for it (null when that account is gone; the name is kept). */
  requestedBy: z.object({ uid: IdSchema.nullable(), name: z.string() }),
  createdAt: epoch('Asked for'),
  finishedAt: epoch('Finished').nullable(),
  /** When the file is purged (`ReportLimits.retentionDays` after it was made); null until then. */
  expiresAt: epoch('Purged after').nullable(),
  period: DownloadPeriodSchema,
  /** The period's instants: the earliest start and latest end over the networks' zones. */
  periodStart: epoch('Period start'),
  periodEnd: epoch('Period end (exclusive)'),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  target: DeviceReportTargetSchema.nullable(),
  format: z.enum(REPORT_FORMATS),
  state: z.enum(REPORT_STATES),
  /** Per cent done while running; 100 when done. */
  progress: z.number().int().min(0).max(100),
  /** The stored file's name for `fileDownloadUrl`, once done. */
  fileName: z.string().nullable(),
  size: z.number().int().nullable().describe('Bytes of the file, once done'),
});
export type ReportJob = z.infer<typeof ReportJobSchema>;

/** One device's figures over a report period. */
export const DeviceReportRowSchema = z.object({
  id: IdSchema,
  name: z.string(),
  kind: z.string(),
  mac: z.string(),
  zoneName: z.string().nullable(),
  online: z.boolean(),
  /** Counted faulty now, by the rule of the overview (`loadFaultyDevices`). */
  faulty: z.boolean(),
  /** Emergency faults opened in the period. */
  faultsOpened: z.number().int(),
  onSeconds: z.number().describe('On-time over the period, the sum of its daily usage: duration in seconds'),
  energyWh: z.number(),
  /** The device's best source over the period: its counter even at 0 Wh (null: no counter, no estimated energy). */
  source: z.enum(ENERGY_SOURCES).nullable(),
  bySource: SourceWhSchema,
  triggers: z.number().int(),
  d4iOperatingSeconds: z
    .number()
    .nullable()
    .describe("The D4i driver's operating time counter at its last reading in the period: duration in seconds"),
  d4iOperatingSecondsInPeriod: z
    .number()
    .nullable()
    .describe("The rise of the D4i driver's operating time counter within the period: duration in seconds"),
  /** Energy counted by the D4i driver's counter in the period (null: not a D4i source). */
  d4iEnergyWh: z.number().nullable(),
});
export type DeviceReportRow = z.infer<typeof DeviceReportRowSchema>;

/** The figures of one local day: on-time (`deviceDailyUsing`), energy and triggers. */
export const DeviceReportDaySchema = z.object({
  date: z.string().describe('Local date YYYY-MM-DD'),
  onSeconds: z.number().describe('On-time of the day (`deviceDailyUsing`): duration in seconds'),
  energyWh: z.number(),
  triggers: z.number().int(),
});
export type DeviceReportDay = z.infer<typeof DeviceReportDaySchema>;

/** The device report of a network and period (`/report/device/pdf`; the downloads add each device's days). */
export const DeviceReportSchema = z.object({
  network: z.object({ nid: IdSchema, name: z.string(), projectName: z.string(), timeZone: z.string() }),
  period: z.object({ start: epoch('Start'), end: epoch('End (exclusive)'), timeZone: z.string() }),
  generatedAt: epoch('Generated'),
  devices: z.array(DeviceReportRowSchema),
  /** The selection's days, summed over its devices. */
  days: z.array(DeviceReportDaySchema),
  totals: z.object({
    energyWh: z.number(),
    bySource: SourceWhSchema,
    onSeconds: z.number().describe('On-time of the selection: duration in seconds'),
    triggers: z.number(),
  }),
});
export type DeviceReport = z.infer<typeof DeviceReportSchema>;

const uniqueSections = z
  .array(z.enum(REPORT_SECTIONS))
  .min(1)
  .max(REPORT_SECTIONS.length)
  .refine((list) => new Set(list).size === list.length, { message: RuleMessages.duplicate });
const uniqueNetworks = z
  .array(IdSchema)
  .min(1)
  .max(ReportLimits.maxNetworks)
  .refine((list) => new Set(list).size === list.length, { message: RuleMessages.duplicate });

/**
 * Report downloads (`/project/report/download` 2-3, `/project/report/download/node` 2-4, `/report/device/pdf`):
 * built in the background by any server process, kept 30 days, downloaded through `fileDownloadUrl`. Every
 * member of each network reads; anyone else gets 1013.
 */
export const reportCalls = {
  reportProjectCreate: defineCall({
    path: '/api/v1/report/project/create',
    auth: true,
    tag: 'report',
    summary:
      "Ask for a project report (energy, cost, CO2, emergency, equipment) of the project's networks or some of them, as PDF, CSV or XLSX",
    payload: {
      pid: IdSchema,
      nids: uniqueNetworks
        .optional()
        .describe("Networks of the project; all the caller's networks of it when left out"),
      period: DownloadPeriodSchema,
      sections: uniqueSections,
      format: z.enum(REPORT_FORMATS),
    },
    data: ReportJobSchema,
  }),
  reportDeviceCreate: defineCall({
    path: '/api/v1/report/device/create',
    auth: true,
    tag: 'report',
    summary: 'Ask for a device report (daily usage, energy and source, triggers, D4i, faults) as PDF, CSV or XLSX',
    payload: {
      nid: IdSchema,
      target: DeviceReportTargetSchema,
      period: DownloadPeriodSchema,
      format: z.enum(REPORT_FORMATS),
    },
    data: ReportJobSchema,
  }),
  reportList: defineCall({
    path: '/api/v1/report/list',
    auth: true,
    tag: 'report',
    summary: "A project's kept reports whose networks the caller belongs to, newest first",
    payload: { pid: IdSchema, kind: z.enum(REPORT_KINDS).optional() },
    data: z.array(ReportJobSchema),
  }),
  reportState: defineCall({
    path: '/api/v1/report/state',
    auth: true,
    tag: 'report',
    summary: "One report's state and progress",
    payload: { id: IdSchema },
    data: ReportJobSchema,
  }),
  reportDevicePrint: defineCall({
    path: '/api/v1/report/device/print',
    auth: true,
    tag: 'report',
    summary: "A device report's figures for the print page /report/device/pdf (every member)",
    payload: { nid: IdSchema, target: DeviceReportTargetSchema, period: DownloadPeriodSchema },
    data: DeviceReportSchema,
  }),
} satisfies Record<string, CallDef>;
