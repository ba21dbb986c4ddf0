import { z } from 'zod';
import { CurveSchema } from './curve.ts';

/**
 * Scene types of section 3: generic, lux on/off, daylight harvest open and closed loop, circadian 24H
 * with and without a daylight sensor, astro circadian, time-based (static), animation (sequential).
 */
export const SCENE_TYPES = [
  'generic',
  'luxOnOff',
  'daylightOpenLoop',
  'daylightClosedLoop',
  'circadian24h',
  'circadian24hDaylight',
  'astroCircadian',
  'timeBased',
  'animation',
] as const;
export type SceneType = (typeof SCENE_TYPES)[number];
export const SceneTypeSchema = z.enum(SCENE_TYPES);

/** Lighting-sensor strategy (section 3): each luminaire's own sensor, one shared sensor, or mixed. */
export const SENSOR_STRATEGIES = ['own', 'shared', 'mixed'] as const;
/** State a luminaire takes when power returns (section 3 power-on state). */
export const POWER_ON_STATES = ['off', 'on', 'last'] as const;

const level = z.number().min(0).max(100);
const cct = z.number().int().min(1000).max(20000);
const seconds = z.number().int().min(0).max(86_400);
const lux = z.number().int().min(0).max(100_000);

/** Parameters shared by every type: dimming level %, colour temperature K, power-on state, soft on/off. */
const base = {
  dimmingLevel: level.default(100),
  colourTemperature: cct.optional(),
  powerOnState: z.enum(POWER_ON_STATES).default('last'),
  softOnOff: z.boolean().default(true),
};
/** Occupancy: hold time and standby time in seconds, standby level %, detection range 1-4 (section 9 hfRange). */
const occupancy = {
  holdTime: seconds.default(300),
  standbyTime: seconds.default(60),
  standbyLevel: level.default(10),
  detectionRange: z.number().int().min(1).max(4).default(4),
};
/** Daylight: sensor strategy and the daylight rate of change in % per second. */
const daylight = {
  sensorStrategy: z.enum(SENSOR_STRATEGIES).default('own'),
  daylightRate: z.number().min(0.1).max(100).default(5),
};

/** Parameters per scene type; fields left out take their defaults. */
export const SceneParamsSchemas = {
  generic: z.strictObject({ ...base }),
  luxOnOff: z.strictObject({ ...base, ...occupancy, daylightThreshold: lux.default(500), ...daylight }),
  daylightOpenLoop: z.strictObject({ ...base, ...occupancy, ...daylight, daylightThreshold: lux.default(500) }),
  daylightClosedLoop: z.strictObject({
    ...base,
    ...occupancy,
    ...daylight,
    luxTarget: lux.default(500),
    tolerance: z.number().min(0).max(50).default(10),
  }),
  circadian24h: z.strictObject({ ...base }),
  circadian24hDaylight: z.strictObject({
    ...base,
    ...daylight,
    luxTarget: lux.default(500),
    tolerance: z.number().min(0).max(50).default(10),
  }),
  astroCircadian: z.strictObject({ ...base, sunriseShift: z.number().int().min(-180).max(180).default(0) }),
  timeBased: z.strictObject({ ...base }),
  animation: z.strictObject({
    ...base,
    loopRun: z.boolean().default(true),
    startOver: z.boolean().default(false),
    /** Seconds each step is held. */
    dwellTime: z.number().int().min(0).max(3600).default(5).describe('Dwell, duration in seconds'),
  }),
} as const satisfies Record<SceneType, z.ZodType>;
export type SceneParams<T extends SceneType = SceneType> = z.output<(typeof SceneParamsSchemas)[T]>;

/** Types whose behaviour follows a curve of 3 to 21 points. */
export const CURVE_SCENE_TYPES: readonly SceneType[] = [
  'circadian24h',
  'circadian24hDaylight',
  'astroCircadian',
  'timeBased',
  'animation',
];

/** Whether scenes of this type have a curve. */
export const hasCurve = (type: string) => (CURVE_SCENE_TYPES as readonly string[]).includes(type);

/** Parameter fields a type has, in display order (the editor shows only these). */
export function sceneParamFields(type: SceneType): string[] {
  return Object.keys(SceneParamsSchemas[type].shape);
}

/** Fade time of a scene in seconds (0 to 1 hour). */
export const FadeTimeSchema = z.number().min(0).max(3600).describe('Fade, duration in seconds');

/** Scene definition fields: type, params (checked per type by `parseSceneDefinition`), curve, fade time. */
export const SceneDefinitionShape = {
  type: SceneTypeSchema,
  params: z.record(z.string(), z.unknown()).default({}),
  curve: CurveSchema.nullable().optional(),
  fadeTime: FadeTimeSchema.default(0),
};

/** Outcome of `parseSceneDefinition`: clean params and curve, or the first problem. */
export type SceneDefinitionCheck =
  | { ok: true; params: Record<string, unknown>; curve: z.output<typeof CurveSchema> | null }
  | { ok: false; message: string };

/**
 * Checks a scene's params against its type and that curve types have a curve (and others none);
 * answers the params with defaults filled in.
 */
export function parseSceneDefinition(
  type: SceneType,
  params: unknown,
  curve: z.output<typeof CurveSchema> | null | undefined,
): SceneDefinitionCheck {
  const parsed = SceneParamsSchemas[type].safeParse(params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `params.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
  }
  if (hasCurve(type) && !curve) return { ok: false, message: `a ${type} scene needs a curve of 3 to 21 points` };
  return { ok: true, params: parsed.data as Record<string, unknown>, curve: hasCurve(type) ? (curve ?? null) : null };
}
