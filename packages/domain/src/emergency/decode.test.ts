import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../locale/language.ts';
import de from '../locales/de/server.json' with { type: 'json' };
import en from '../locales/en/server.json' with { type: 'json' };
import es from '../locales/es/server.json' with { type: 'json' };
import zh from '../locales/zh/server.json' with { type: 'json' };
import {
  batteryPercent,
  clampMaxDelay,
  durationResultMinutes,
  durationSteps,
  emergencyTypeOf,
  failureBitsOf,
  failureNames,
  failureTextKeys,
  isBatteryCharging,
  isDelayExceeded,
  modeName,
  modeTestKind,
  modeTestState,
  statusBitsOf,
  statusNames,
  testDelayMinutes,
  testDelayQuarterHours,
  testModeCode,
} from './decode.ts';
import { EMERGENCY_MODES, FAILURE_NAMES, GRADES, STATUS_BIT_NAMES, TEST_KINDS } from './types.ts';

describe('emergency type (section 4: 1 ↔ element type 6, 2 ↔ 11)', () => {
  it.each([
    [[6], 1],
    [[1, 6], 1],
    [[11], 2],
    [[1, 11], 2],
    [[1], 0],
    [[], 0],
    [[20, 21], 0],
  ])('%j → %i', (types, expected) => expect(emergencyTypeOf(types)).toBe(expected));
});

describe('mode codes (section 4: 0-4 plain, 5-10 tests, odd monthly, even yearly)', () => {
  it.each([
    [0, 'normal', null, null],
    [1, 'emergency', null, null],
    [2, 'rest', null, null],
    [3, 'inhibit', null, null],
    [4, 'extendedEmergency', null, null],
    [5, 'functionTestRunning', 'function', 'running'],
    [6, 'durationTestRunning', 'duration', 'running'],
    [7, 'functionTestPending', 'function', 'pending'],
    [8, 'durationTestPending', 'duration', 'pending'],
    [9, 'functionTestDelayExceeded', 'function', 'delayExceeded'],
    [10, 'durationTestDelayExceeded', 'duration', 'delayExceeded'],
  ] as const)('%i is %s', (code, name, kind, state) => {
    expect(modeName(code)).toBe(name);
    expect(modeTestKind(code)).toBe(kind);
    expect(modeTestState(code)).toBe(state);
    if (kind && state) expect(testModeCode(kind, state)).toBe(code);
  });

  it('has no name outside 0-10', () => {
    expect(modeName(11)).toBeNull();
    expect(modeName(-1)).toBeNull();
    expect(modeName(2.5)).toBeNull();
    expect(modeTestKind(11)).toBeNull();
  });
});

describe('failure bits 1…128 (IEC 62386-202 FAILURE STATUS)', () => {
  it.each([
    [0, []],
    [1, ['circuit']],
    [2, ['batteryDuration']],
    [4, ['battery']],
    [8, ['emergencyLamp']],
    [16, ['functionTestDelayExceeded']],
    [32, ['durationTestDelayExceeded']],
    [64, ['functionTestFailed']],
    [128, ['durationTestFailed']],
    [130, ['batteryDuration', 'durationTestFailed']],
    [255, FAILURE_NAMES],
  ])('%i → %j', (bits, names) => {
    expect(failureNames(bits)).toEqual(names);
    expect(failureBitsOf(failureNames(bits))).toBe(bits);
  });
});

describe('emergency status bits', () => {
  it.each([
    [0, []],
    [1, ['inhibit']],
    [2, ['functionTestDone']],
    [4, ['durationTestDone']],
    [8, ['batteryFull']],
    [16, ['functionTestPending']],
    [32, ['durationTestPending']],
    [64, ['identification']],
    [128, ['physicallySelected']],
    [0b101001, ['inhibit', 'batteryFull', 'durationTestPending']],
  ])('%i → %j', (bits, names) => {
    expect(statusNames(bits)).toEqual(names);
    expect(statusBitsOf(statusNames(bits))).toBe(bits);
  });
});

describe('numbers of the standard', () => {
  it.each([
    [0, 0, false],
    [1, 2, false],
    [30, 60, false],
    [90, 180, false],
    [254, 508, false],
    [255, 510, true],
    [300, 510, true],
  ])('duration result %i steps = %i min (or more: %s)', (steps, minutes, orMore) => {
    expect(durationResultMinutes(steps)).toEqual({ minutes, orMore });
  });

  it.each([
    [180, 90],
    [60, 30],
    [61, 30],
    [600, 255],
  ])('%i minutes = %i steps (3 h rated = 90)', (minutes, steps) => expect(durationSteps(minutes)).toBe(steps));

  it.each([
    [0, 0],
    [1, 15],
    [4, 60],
    [96, 1440],
  ])('test delay %i quarter hours = %i minutes', (quarters, minutes) => {
    expect(testDelayMinutes(quarters)).toBe(minutes);
    expect(testDelayQuarterHours(minutes)).toBe(quarters);
  });

  it('rounds a delay up to whole quarter hours and allows at most 15 minutes of test delay', () => {
    expect(testDelayQuarterHours(16)).toBe(2);
    expect(clampMaxDelay(30)).toBe(15);
    expect(clampMaxDelay(-1)).toBe(0);
    const asked = new Date('2026-03-01T10:00:00Z');
    expect(isDelayExceeded(asked, new Date('2026-03-01T10:15:00Z'), 15)).toBe(false);
    expect(isDelayExceeded(asked, new Date('2026-03-01T10:15:01Z'), 15)).toBe(true);
    expect(isDelayExceeded(asked, new Date('2026-03-01T10:15:01Z'), 60)).toBe(true);
    expect(isDelayExceeded(asked, new Date('2026-03-01T10:05:00Z'), 0)).toBe(true);
  });

  it.each([
    [0, 0],
    [127, 50],
    [254, 100],
    [255, null],
  ])('battery charge %i = %s %', (charge, percent) => expect(batteryPercent(charge)).toBe(percent));
});

describe('battery charging (status bit 3 "battery fully charged")', () => {
  const onMains = { mode: 0, mainsPresent: true, statusBits: 0 };
  it('charges on mains until the fitting says full, even when the charge byte rounds to 100 %', () => {
    expect(batteryPercent(253)).toBe(100);
    expect(isBatteryCharging(onMains)).toBe(true);
    expect(isBatteryCharging({ ...onMains, mainsPresent: null, mode: 8 })).toBe(true);
    expect(isBatteryCharging({ ...onMains, statusBits: 8 })).toBe(false);
  });
  it('does not charge on battery, without mains, or before the first report', () => {
    for (const mode of [1, 2, 4, 5, 6]) expect(isBatteryCharging({ ...onMains, mode }), String(mode)).toBe(false);
    expect(isBatteryCharging({ ...onMains, mainsPresent: false })).toBe(false);
    expect(isBatteryCharging({ ...onMains, mode: null })).toBe(false);
  });
});

type Catalogue = { [key: string]: string | Catalogue };
const catalogues: Record<Language, Catalogue> = { en, zh, de, es } as unknown as Record<Language, Catalogue>;
const lookup = (catalogue: Catalogue, key: string) =>
  key
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      catalogue,
    );

describe('texts of every failure bit, grade, mode, status bit and test in en, zh, de, es', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const keys = [
      ...FAILURE_NAMES.flatMap((name) => Object.values(failureTextKeys(name))),
      ...GRADES.map((grade) => `emergency.grades.${grade}`),
      ...EMERGENCY_MODES.map((mode) => `emergency.modes.${mode}`),
      ...STATUS_BIT_NAMES.map((name) => `emergency.status.${name}`),
      ...TEST_KINDS.map((kind) => `emergency.tests.${kind}`),
    ];
    const missing = keys.filter((key) => {
      const text = lookup(catalogues[language], key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });
});
