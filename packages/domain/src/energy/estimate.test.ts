import { describe, expect, it } from 'vitest';
import { estimateEnergy, lightOutput, powerAtLight, ratedSecondsAt, ratedShareAtLevel } from './estimate.ts';

// A 40 W luminaire dimming to 1 % light at 4 W (Part 251 nominal and minimum power).
const curve = { nominalW: 40, minLight: 1, minW: 4, standbyW: 0.3 };
const HOUR = 3600;

describe('light output of a control level (section 9)', () => {
  it.each([
    [100, true, 100],
    [50, true, 50],
    [0, true, 0],
    [100, false, 100],
    [0, false, 0],
  ])('level %i (linear %s) gives %f % light', (level, isLinear, light) => {
    expect(lightOutput(level, isLinear)).toBeCloseTo(light, 9);
  });

  it.each([
    [50, 3.1621],
    // DALI arc 128 and 200 on the same logarithmic curve: about 3.2 % and 22.9 % (notes §2).
    [((127 / 253) * 65534 + 1) / 655.35, 3.2057],
    [((199 / 253) * 65534 + 1) / 655.35, 22.892],
  ])('non-linear level %f gives %f % light', (level, light) => {
    expect(lightOutput(level, false)).toBeCloseTo(light, 3);
  });
});

describe('power is piecewise-linear in light output (notes §2)', () => {
  it.each([
    [100, 40],
    [1, 4],
    [0.5, 4],
    [50.5, 22],
    [0, 0.3],
  ])('%f % light draws %f W', (light, watts) => {
    expect(powerAtLight(curve, light)).toBeCloseTo(watts, 9);
  });

  it('goes through measured points', () => {
    const measured = { ...curve, points: [{ light: 50, watts: 15 }] };
    expect(powerAtLight(measured, 50)).toBe(15);
    expect(powerAtLight(measured, 75)).toBe(27.5);
    expect(powerAtLight(measured, 25.5)).toBe(9.5);
  });

  it('without a minimum point, is proportional from 0 W', () => {
    expect(powerAtLight({ nominalW: 40 }, 25)).toBe(10);
  });
});

describe('estimated energy: Σ P(L) × t_on + P_sb × t_off_powered (acceptance check 7)', () => {
  it.each([
    ['1 h at 100 %', true, [{ seconds: HOUR, level: 100 }], 40_000],
    ['1 h at 50 % (linear)', true, [{ seconds: HOUR, level: 50 }], 21_818],
    ['1 h at level 50 (non-linear: 3.162 % light)', false, [{ seconds: HOUR, level: 50 }], 4_786],
    ['1 h at the minimum', true, [{ seconds: HOUR, level: 1 }], 4_000],
    ['1 h off but powered', true, [{ seconds: HOUR, level: 0 }], 300],
    [
      'a working day: 8 h at 100 %, 16 h standby',
      true,
      [
        { seconds: 8 * HOUR, level: 100 },
        { seconds: 16 * HOUR, level: 0 },
      ],
      324_800,
    ],
  ])('%s → %i mWh', (_name, isLinear, spans, mWh) => {
    expect(estimateEnergy({ curve, isLinear, spans }).mWh).toBe(mWh);
  });

  it('states its assumptions as keys with numbers', () => {
    const result = estimateEnergy({
      curve,
      isLinear: false,
      spans: [
        { seconds: 60, level: 100 },
        { seconds: 30, level: 0 },
      ],
    });
    expect(result.onSeconds).toBe(60);
    expect(result.standbySeconds).toBe(30);
    expect(result.assumptions).toEqual([
      { key: 'nominalPower', params: { watts: 40 } },
      { key: 'minPower', params: { watts: 4, light: 1 } },
      { key: 'interpolated' },
      { key: 'standbyPower', params: { watts: 0.3 } },
      { key: 'nonLinearDimming' },
    ]);
  });

  it('says when it assumed proportional power and the default standby', () => {
    const result = estimateEnergy({
      curve: { nominalW: 10, points: [{ light: 50, watts: 6 }] },
      isLinear: true,
      spans: [{ seconds: HOUR, level: 0 }],
    });
    expect(result.mWh).toBe(500);
    expect(result.assumptions.map((a) => a.key)).toEqual([
      'nominalPower',
      'proportionalPower',
      'measuredPoints',
      'interpolated',
      'standbyDefault',
      'linearDimming',
    ]);
  });
});

describe('the share of rated power at a reported level (rated power known alone)', () => {
  it.each([
    [100, true, 1],
    [50, true, 0.5],
    [10, true, 0.1],
    [100, false, 1],
    // The section 9 logarithmic curve: level 50 is 3.162 % light, level 80 about 25.12 %.
    [50, false, 0.031621],
    [80, false, 0.251183],
    [0, true, 0],
  ])('level %f (linear %s) draws %f of rated power', (level, isLinear, share) => {
    expect(ratedShareAtLevel(level, isLinear)).toBeCloseTo(share, 6);
  });

  it('assumes 100 % where no level was reported', () => {
    expect(ratedShareAtLevel(undefined, true)).toBe(1);
    expect(ratedShareAtLevel(null, false)).toBe(1);
  });

  it('weighs on-time by it: an 18 W downlight 900 s at 50 % is 450 s at 18 W, 2.25 Wh', () => {
    const seconds = ratedSecondsAt(900, 50, true);
    expect(seconds).toBe(450);
    expect((18 * seconds) / 3600).toBe(2.25);
    expect(ratedSecondsAt(900, undefined, true)).toBe(900);
    // Logarithmic: 900 s at level 50 are 28.459 s at rated power; a 36 W panel uses 0.2846 Wh.
    expect(ratedSecondsAt(900, 50, false)).toBe(28.459);
  });

  it('agrees with the estimate over spans at those levels with no standby', () => {
    const spans = [
      { seconds: 600, level: 50 },
      { seconds: 300, level: 100 },
    ];
    const estimate = estimateEnergy({ curve: { nominalW: 18, standbyW: 0 }, isLinear: true, spans });
    const seconds = spans.reduce((sum, span) => sum + ratedSecondsAt(span.seconds, span.level, true), 0);
    expect(estimate.mWh).toBe(Math.round((18 * seconds) / 3.6));
    expect(estimate.mWh).toBe(3000);
  });
});
