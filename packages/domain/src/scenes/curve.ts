import { z } from 'zod';
import { RuleMessages } from '../calls/input-problems.ts';

/** Fewest and most points of a scene or profile curve (section 5; section 9 MaxPoint 21). */
export const CURVE_MIN_POINTS = 3;
export const MAX_POINT = 21;
/** Seconds in a day: curve times of day run from 0 to this. */
export const DAY_SECONDS = 86_400;

/** One curve point: `time` in seconds (of the day, or from the start for sequences), level %, optional CCT. */
export const CurvePointSchema = z.strictObject({
  time: z
    .number()
    .int()
    .min(0)
    .max(DAY_SECONDS)
    .describe(
      "Seconds after midnight in the network's time zone (day curves), or duration in seconds from the start (sequences)",
    ),
  level: z.number().min(0).max(100),
  cct: z.number().int().min(1000).max(20000).optional(),
});
export type CurvePoint = z.infer<typeof CurvePointSchema>;

/** A curve: 3 to 21 points with strictly increasing times. */
export const CurveSchema = z
  .array(CurvePointSchema)
  .min(CURVE_MIN_POINTS)
  .max(MAX_POINT)
  .refine((points) => points.every((point, i) => i === 0 || point.time > points[i - 1]!.time), {
    message: RuleMessages.curveOrder,
  });

/**
 * Why a curve edit is refused: loc927 first row, loc926 last row (section 5), a point-count limit, or no
 * whole second left between two points.
 */
export type CurveRefusal = 'loc927' | 'loc926' | 'tooFew' | 'tooMany' | 'noRoom';

/** Outcome of a curve edit: the new points, or why it was refused (the points are then unchanged). */
export type CurveEdit = { ok: true; points: CurvePoint[] } | { ok: false; refusal: CurveRefusal };

/**
 * Deletes point `index`. The first point (loc927) and the last point (loc926) cannot be deleted, and a
 * curve keeps at least 3 points (section 5).
 */
export function deleteCurvePoint(points: readonly CurvePoint[], index: number): CurveEdit {
  if (index === 0) return { ok: false, refusal: 'loc927' };
  if (index === points.length - 1) return { ok: false, refusal: 'loc926' };
  if (points.length <= CURVE_MIN_POINTS) return { ok: false, refusal: 'tooFew' };
  if (index < 0 || index >= points.length) return { ok: true, points: [...points] };
  return { ok: true, points: points.filter((_, i) => i !== index) };
}

/**
 * Inserts a point after `index`, halfway in time and level to the next point (the last point cannot
 * be followed, so inserting after it inserts before it). Refused at 21 points (MaxPoint).
 */
export function insertCurvePoint(points: readonly CurvePoint[], index: number): CurveEdit {
  if (points.length >= MAX_POINT) return { ok: false, refusal: 'tooMany' };
  const at = Math.min(Math.max(index, 0), points.length - 2);
  const before = points[at]!;
  const after = points[at + 1]!;
  if (after.time - before.time < 2) return { ok: false, refusal: 'noRoom' };
  const point: CurvePoint = {
    time: Math.round((before.time + after.time) / 2),
    level: Math.round((before.level + after.level) / 2),
  };
  if (before.cct !== undefined && after.cct !== undefined) point.cct = Math.round((before.cct + after.cct) / 2);
  return { ok: true, points: [...points.slice(0, at + 1), point, ...points.slice(at + 1)] };
}

/** A default curve for a new scene: 0:00, 12:00 and 24:00. */
export function defaultCurve(): CurvePoint[] {
  return [
    { time: 0, level: 0 },
    { time: DAY_SECONDS / 2, level: 100 },
    { time: DAY_SECONDS, level: 0 },
  ];
}
