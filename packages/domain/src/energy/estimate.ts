import { nonLinearLightOutput } from '../devices/d4i.ts';

/** A measured or rated point of a luminaire's power curve: light output in percent, power in W. */
export interface PowerPoint {
  light: number;
  watts: number;
}

/** What is known of a luminaire's power: Part 251 nominal and minimum power, measured points, standby. */
export interface PowerCurve {
  /** Power at 100 % light output (rated power), W. */
  nominalW: number;
  /** Light output in percent at the minimum dim level, with `minW`. */
  minLight?: number;
  /** Power at the minimum dim level, W. */
  minW?: number;
  /** Measured points between minimum and 100 %. */
  points?: readonly PowerPoint[];
  /** Standby power when off but powered, W; DEFAULT_STANDBY_W when not given. */
  standbyW?: number;
}

/** Time at one level: seconds and control level in percent; level 0 is off but powered (standby). */
export interface OperatingSpan {
  seconds: number;
  level: number;
}

/** Keys of the assumptions an estimate states; the text is `energy.assumption.<key>` in each language. */
export const ASSUMPTION_KEYS = [
  'nominalPower',
  'estimatedLuminaires',
  'minPower',
  'proportionalPower',
  'measuredPoints',
  'interpolated',
  'standbyPower',
  'standbyDefault',
  'linearDimming',
  'nonLinearDimming',
  'reportedLevels',
  'fullLevelAssumed',
] as const;
export type AssumptionKey = (typeof ASSUMPTION_KEYS)[number];

/** One assumption with its numbers, for the UI to translate (`energy.assumption.<key>` with params). */
export interface Assumption {
  key: AssumptionKey;
  params?: Record<string, number>;
}

/** Standby power assumed when none is known: 0.5 W, the maximum on a DALI driver datasheet (notes §2). */
export const DEFAULT_STANDBY_W = 0.5;

/**
 * Light output in percent for a control level in percent: the level itself for a linear element, the
 * section 9 non-linear curve (unrounded) otherwise. Level 0 is off.
 */
export function lightOutput(level: number, isLinear: boolean): number {
  if (level <= 0) return 0;
  return isLinear ? Math.min(level, 100) : nonLinearLightOutput(Math.min(level, 100));
}

/** The curve's points sorted by light: (min, P_min) or (0, 0) when unknown, measured points, (100, P_nominal). */
export function curvePoints(curve: PowerCurve): PowerPoint[] {
  const low = curve.minW !== undefined ? { light: curve.minLight ?? 0, watts: curve.minW } : { light: 0, watts: 0 };
  const middle = (curve.points ?? []).filter((point) => point.light > low.light && point.light < 100);
  return [low, ...[...middle].sort((a, b) => a.light - b.light), { light: 100, watts: curve.nominalW }];
}

/**
 * Power in W at a light output in percent (notes §2): piecewise-linear through the curve's points; below
 * the minimum dim level the driver holds P_min; 0 % is standby.
 */
export function powerAtLight(curve: PowerCurve, light: number): number {
  if (light <= 0) return curve.standbyW ?? DEFAULT_STANDBY_W;
  const points = curvePoints(curve);
  const first = points[0]!;
  if (light <= first.light) return first.watts;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (light <= b.light) return a.watts + ((b.watts - a.watts) * (light - a.light)) / (b.light - a.light);
  }
  return curve.nominalW;
}

/**
 * The share of its rated power a luminaire draws while on at a reported control level (0-100), by the
 * curve the console knows of it: rated power alone, so power is proportional to light output
 * (`powerAtLight` through (0 %, 0 W) and (100 %, P_nominal)), and light output is the level through the
 * element's dimming curve (`lightOutput`: the level itself when linear, the section 9 logarithmic curve
 * otherwise). Level 50 gives 0.5 on a linear element and 0.0316 on a logarithmic one. Without a reported
 * level the estimate assumes 100 % (share 1); a level of 0 while on draws nothing.
 */
export function ratedShareAtLevel(level: number | null | undefined, isLinear: boolean): number {
  if (level === null || level === undefined) return 1;
  const light = lightOutput(level, isLinear);
  return light > 0 ? powerAtLight({ nominalW: 1 }, light) : 0;
}

/**
 * Seconds at rated power that `onSeconds` on at a reported (time-weighted mean) `level` are worth
 * (`ratedShareAtLevel`): the weight an estimated luminaire's on-time carries, so that its energy is rated
 * W × these seconds. Rounded to the millisecond.
 */
export function ratedSecondsAt(onSeconds: number, level: number | null | undefined, isLinear: boolean): number {
  return Math.round(onSeconds * ratedShareAtLevel(level, isLinear) * 1000) / 1000;
}

/** The assumptions behind an estimate with this curve and dimming curve. */
export function estimateAssumptions(curve: PowerCurve, isLinear: boolean): Assumption[] {
  const measured = (curve.points ?? []).length;
  return [
    { key: 'nominalPower', params: { watts: curve.nominalW } },
    curve.minW !== undefined
      ? { key: 'minPower', params: { watts: curve.minW, light: curve.minLight ?? 0 } }
      : { key: 'proportionalPower' },
    ...(measured > 0 ? [{ key: 'measuredPoints', params: { count: measured } } as const] : []),
    { key: 'interpolated' },
    curve.standbyW !== undefined
      ? { key: 'standbyPower', params: { watts: curve.standbyW } }
      : { key: 'standbyDefault', params: { watts: DEFAULT_STANDBY_W } },
    { key: isLinear ? 'linearDimming' : 'nonLinearDimming' },
  ];
}

/**
 * Estimated energy (section 1, third source; notes §2): E = Σ P(L) × t_on + P_sb × t_off_powered, L the
 * light output of each span's level. Answers whole milliwatt-hours (rounded once, half up) and the
 * assumptions made.
 */
export function estimateEnergy(input: { curve: PowerCurve; isLinear: boolean; spans: readonly OperatingSpan[] }): {
  mWh: number;
  onSeconds: number;
  standbySeconds: number;
  assumptions: Assumption[];
} {
  let joules = 0;
  let onSeconds = 0;
  let standbySeconds = 0;
  for (const span of input.spans) {
    const light = lightOutput(span.level, input.isLinear);
    joules += powerAtLight(input.curve, light) * span.seconds;
    if (light > 0) onSeconds += span.seconds;
    else standbySeconds += span.seconds;
  }
  // 1 mWh = 3.6 J.
  return {
    mWh: Math.round(joules / 3.6),
    onSeconds,
    standbySeconds,
    assumptions: estimateAssumptions(input.curve, input.isLinear),
  };
}
