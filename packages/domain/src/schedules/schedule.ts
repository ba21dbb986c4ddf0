import { z } from 'zod';
import { RuleMessages } from '../calls/input-problems.ts';
import { IdSchema, text } from '../schemas/common.ts';
import { ASTRO_EVENTS, ASTRO_SHIFT_MAX } from './astro.ts';
import { ScheduleFieldsShape } from './encoding.ts';
import { isOverrideValueValid, OverrideEndSchema } from './override.ts';
import { isValidTimeZone } from './zoned-time.ts';

/** A schedule fires at encoded times; an astro timer at sunrise or sunset plus a shift (section 3). */
export const ScheduleKindSchema = z.enum(['schedule', 'astro']);

/** What a schedule acts on: a scene (recalled), or a group, zone or the whole network (switched). */
export const ScheduleTargetKindSchema = z.enum(['scene', 'group', 'zone', 'network']);

/** What a schedule does: recall its scene, or set its group, zone or network's lights. */
export const ScheduleActionSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('scene') }),
  z.strictObject({
    op: z.literal('light'),
    onOff: z.union([z.literal(0), z.literal(1)]),
    lightness: z.number().min(0).max(100).optional(),
    cct: z.number().int().min(1000).max(20000).optional(),
  }),
]);
export type ScheduleAction = z.infer<typeof ScheduleActionSchema>;

/** Fields of a schedule or astro timer a user sets (the encoded date and time fields included). */
export const ScheduleInputShape = {
  kind: ScheduleKindSchema.default('schedule'),
  name: text(64, 1),
  enabled: z.boolean().default(true),
  targetKind: ScheduleTargetKindSchema,
  /** The scene, group or zone; null for the whole network. */
  targetId: IdSchema.nullable().default(null),
  action: ScheduleActionSchema,
  ...ScheduleFieldsShape,
  astroEvent: z.enum(ASTRO_EVENTS).nullable().default(null),
  /** Minutes after (positive) or before (negative) the event. */
  astroShift: z
    .number()
    .int()
    .min(-ASTRO_SHIFT_MAX)
    .max(ASTRO_SHIFT_MAX)
    .default(0)
    .describe('Shift from the event, duration in minutes (negative: before)'),
  overrideEnd: OverrideEndSchema.default('never'),
  overrideValue: z
    .number()
    .int()
    .min(0)
    .max(86_400)
    .nullable()
    .default(null)
    .describe(
      "specificTime: seconds after midnight in the network's time zone; countdown, holdTime, standbyTime: duration in seconds",
    ),
};

type ScheduleInput = z.output<z.ZodObject<typeof ScheduleInputShape>>;

/** Problems of a schedule's fields taken together, as messages (empty when consistent). */
export function scheduleInputProblems(input: ScheduleInput): string[] {
  const problems: string[] = [];
  if ((input.targetKind === 'scene') !== (input.action.op === 'scene'))
    problems.push('a scene target is recalled (op scene); other targets are switched (op light)');
  if (input.targetKind === 'network' ? input.targetId !== null : input.targetId === null)
    problems.push('targetId names the scene, group or zone, and is null for the network');
  if (input.kind === 'astro' && input.astroEvent === null) problems.push('an astro timer needs astroEvent');
  if (input.kind === 'schedule' && input.astroEvent !== null) problems.push('only astro timers have astroEvent');
  if (!isOverrideValueValid(input.overrideEnd, input.overrideValue))
    problems.push('overrideValue does not fit overrideEnd');
  return problems;
}

/** How many coming firings a schedule answers in `nextRuns`. */
export const NEXT_RUNS_COUNT = 3;

/**
 * A schedule or astro timer as listed, with its coming firings. Its date and time fields are wall-clock
 * values in the network's time zone (`location.timeZone` of the list); `nextRun` and `nextRuns` are
 * instants, epoch seconds in UTC, computed in that zone (daylight-saving changes included).
 */
export const ScheduleSchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  kind: ScheduleKindSchema,
  name: z.string(),
  enabled: z.boolean(),
  targetKind: ScheduleTargetKindSchema,
  targetId: z.number().int().nullable(),
  action: ScheduleActionSchema,
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
  dayOfWeek: z.number().int(),
  hour: z.number().int(),
  minute: z.number().int(),
  second: z.number().int(),
  astroEvent: z.enum(ASTRO_EVENTS).nullable(),
  astroShift: z.number().int().describe('Shift from the event, duration in minutes (negative: before)'),
  overrideEnd: OverrideEndSchema,
  overrideValue: z
    .number()
    .int()
    .nullable()
    .describe(
      "specificTime: seconds after midnight in the network's time zone; countdown, holdTime, standbyTime: duration in seconds",
    ),
  nextRun: z.number().int().nullable().describe('Next firing: epoch seconds, UTC; null when it never fires again'),
  nextRuns: z
    .array(z.number().int())
    .describe(`The next ${NEXT_RUNS_COUNT} firings (fewer when it stops firing): epoch seconds, UTC`),
  lastRun: z.number().int().nullable().describe('Last firing: epoch seconds, UTC'),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
  /**
   * Devices switched by hand that are under this schedule's override end mode, and when the override ends
   * (seconds; null: at the schedule's next event); null when none is overridden.
   */
  override: z
    .object({
      devices: z.number().int(),
      endsAt: z.number().int().nullable().describe('Override ends: epoch seconds, UTC; null at the next event'),
    })
    .nullable(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/** An IANA time zone name the runtime knows. */
export const TimeZoneSchema = z.string().min(1).max(64).refine(isValidTimeZone, { message: RuleMessages.timeZone });

/** A network's location and time zone for schedules and astro timers. */
export const NetworkLocationShape = {
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  timeZone: TimeZoneSchema,
};
export const NetworkLocationSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
});
export type NetworkLocation = z.infer<typeof NetworkLocationSchema>;
